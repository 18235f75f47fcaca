import { describe, expect, it } from 'vitest';
import { ADMIN, Client, postgresAvailable, redisAvailable, reportOsmAnd, withTwoNodes } from './harness.ts';

const available = (await postgresAvailable()) && (await redisAvailable());
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Deleting history on one node of two (PostgreSQL, Redis): the node that received the device holds
 * its latest position in memory, and must let go of it when the other node deletes it; the daily
 * statistics of both nodes add up in the shared row.
 */
describe.runIf(available)('history and statistics across two nodes', () => {
  const { a, b } = withTwoNodes();

  it('moves the latest position on every node when one deletes it', async () => {
    const onA = await Client.login(a.base, ADMIN.email, ADMIN.password);
    const onB = await Client.login(b.base, ADMIN.email, ADMIN.password);
    const device = await onA.json<{ id: number }>('POST', '/api/devices', { name: 'Nodes', uniqueId: 'history-nodes' });
    const now = Math.floor(Date.now() / 1000);
    // node a receives the device: its registry and cache hold the newest position
    for (const [offset, lat] of [[120, -23.5], [60, -23.6]] as const) {
      expect((await reportOsmAnd(a.osmand, { id: 'history-nodes', lat, lon: -46.6, timestamp: now - offset })).status).toBe(200);
    }
    const latest = async (client: Client) => (await client.json<{ id: number; latitude: number }[]>('GET', `/api/positions?deviceId=${device.id}`))[0];
    await expect.poll(async () => (await latest(onA))?.latitude).toBe(-23.6);
    const newest = await latest(onA);

    expect((await onB.request('DELETE', `/api/positions/${newest.id}`)).status).toBe(204);
    await expect.poll(async () => (await latest(onA))?.latitude, { timeout: 5000 }).toBe(-23.5);
    expect((await latest(onB))?.latitude).toBe(-23.5);

    expect((await onB.request('DELETE', `/api/positions?deviceId=${device.id}&from=${iso(Date.now() - HOUR)}&to=${iso(Date.now() + HOUR)}`)).status).toBe(204);
    await expect.poll(async () => (await latest(onA)) ?? null, { timeout: 5000 }).toBeNull();

    // both nodes' requests add up in the day's row (each flushes before answering)
    const range = `from=${iso(Date.now() - HOUR)}&to=${iso(Date.now() + HOUR)}`;
    const [fromA] = await onA.json<Record<string, number>[]>('GET', `/api/statistics?${range}`);
    const [fromB] = await onB.json<Record<string, number>[]>('GET', `/api/statistics?${range}`);
    expect(fromA.messagesReceived).toBe(2);
    expect(fromA.activeDevices).toBe(1);
    expect(fromB.requests).toBeGreaterThan(fromA.requests);
    expect(fromB.activeUsers).toBe(1);
  });
});
