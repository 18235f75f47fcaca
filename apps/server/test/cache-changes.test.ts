import { describe, expect, it } from 'vitest';
import { postgresAvailable, reportOsmAnd, type Dialect, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

/**
 * A write tells the caches what changed, and each updates only that: the registry re-reads the
 * changed device once, contexts of other devices stay loaded, and group settings reach the
 * pipeline of the group's devices.
 */
describe.each(dialects)('targeted cache changes on %s', (dialect) => {
  let counting = false;
  const queries: string[] = [];
  const { server, admin } = withServer({ dialect, onQuery: (sql) => counting && queries.push(sql) });
  const start = Math.floor(Date.now() / 1000) - 3600;
  let clock = 0;

  /** The SQL run while `work` runs. */
  async function queriesOf(work: () => Promise<unknown>): Promise<string[]> {
    queries.length = 0;
    counting = true;
    try {
      await work();
    } finally {
      counting = false;
    }
    return [...queries];
  }

  async function report(uniqueId: string, extra: Record<string, number> = {}): Promise<void> {
    const response = await reportOsmAnd(server.osmand, { id: uniqueId, lat: -23.5, lon: -46.6, timestamp: start + ++clock, ...extra });
    expect(response.status).toBe(200);
  }

  const loads = () => server.rastro.contexts.loads;
  /** Context loads read the link tables: a position that loads none reads none of them. */
  const contextReads = (sql: string[]) => sql.filter((q) => q.includes('tc_device_geofence') || q.includes('tc_groups'));

  async function overspeeds(deviceId: number): Promise<{ attributes: Record<string, unknown> }[]> {
    const from = new Date((start - 60) * 1000).toISOString();
    const to = new Date(Date.now() + 86400_000).toISOString();
    const list = await admin.json('GET', `/api/reports/events?deviceId=${deviceId}&from=${from}&to=${to}&type=deviceOverspeed`);
    return list.filter((e: { type: string }) => e.type === 'deviceOverspeed');
  }

  it('renames a device: one re-read of it, no other context reloaded, its own on its next position', async () => {
    const group = await admin.json('POST', '/api/groups', { name: 'Frota' });
    const fence = await admin.json('POST', '/api/geofences', { name: 'Centro', area: 'CIRCLE (-23.5 -46.6, 500)' });
    await admin.json('POST', '/api/permissions', { groupId: group.id, geofenceId: fence.id });
    const devices = [];
    for (let i = 0; i < 30; i++) devices.push(await admin.json('POST', '/api/devices', { name: `Van ${i}`, uniqueId: `cc-${dialect}-${i}`, groupId: group.id }));
    for (const device of devices) await report(device.uniqueId);
    const before = loads();

    const [renamed, ...others] = devices;
    const rename = await queriesOf(async () => {
      await admin.json('PUT', `/api/devices/${renamed.id}`, { ...renamed, name: 'Van renomeada' });
      // the answer comes from the registry's row, read again after the change
      expect((await admin.json('GET', `/api/devices/${renamed.id}`)).name).toBe('Van renomeada');
    });
    // the old invalidation read every cached online row back, one query each (30 here)
    expect(rename.filter((q) => /from "tc_devices"/.test(q)).length).toBeLessThan(8);

    const next = await queriesOf(async () => {
      for (const device of others) await report(device.uniqueId);
    });
    expect(loads()).toBe(before);
    expect(contextReads(next)).toEqual([]);
    await report(renamed.uniqueId);
    expect(loads()).toBe(before + 1);
  });

  it('applies a group setting to the next position of its devices, reloading no context for it', async () => {
    const group = await admin.json('POST', '/api/groups', { name: 'Caminhões' });
    const device = await admin.json('POST', '/api/devices', { name: 'Caminhão', uniqueId: `cc-${dialect}-truck`, groupId: group.id });
    await report(device.uniqueId, { speed: 30 });
    expect(await overspeeds(device.id)).toEqual([]);
    const before = loads();

    await admin.json('PUT', `/api/groups/${group.id}`, { ...group, attributes: { speedLimit: 20 } });
    await report(device.uniqueId, { speed: 30 });
    expect((await overspeeds(device.id)).map((e) => e.attributes.speedLimit)).toEqual([20]);
    expect(loads()).toBe(before);

    // a group moved under another: its devices' chains change, so their contexts are loaded again
    const parent = await admin.json('POST', '/api/groups', { name: 'Pesados', attributes: { speedLimit: 10 } });
    await admin.json('PUT', `/api/groups/${group.id}`, { ...group, groupId: parent.id, attributes: {} });
    await report(device.uniqueId, { speed: 5 });
    await report(device.uniqueId, { speed: 15 });
    expect((await overspeeds(device.id)).map((e) => e.attributes.speedLimit)).toEqual([20, 10]);
    expect(loads()).toBe(before + 1);
  });

  it('reloads the contexts that hold a changed geofence, and only those', async () => {
    const group = await admin.json('POST', '/api/groups', { name: 'Entregas' });
    const fence = await admin.json('POST', '/api/geofences', { name: 'Depósito', area: 'CIRCLE (-23.5 -46.6, 100)' });
    await admin.json('POST', '/api/permissions', { groupId: group.id, geofenceId: fence.id });
    const inside = await admin.json('POST', '/api/devices', { name: 'Moto', uniqueId: `cc-${dialect}-in`, groupId: group.id });
    const outside = await admin.json('POST', '/api/devices', { name: 'Bicicleta', uniqueId: `cc-${dialect}-out` });
    await report(inside.uniqueId);
    await report(outside.uniqueId);
    const before = loads();

    await admin.json('PUT', `/api/geofences/${fence.id}`, { ...fence, area: 'CIRCLE (-23.5 -46.6, 200)' });
    await report(outside.uniqueId);
    expect(loads()).toBe(before);
    await report(inside.uniqueId);
    expect(loads()).toBe(before + 1);
  });
});
