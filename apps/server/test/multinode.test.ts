import { describe, expect, it } from 'vitest';
import { ADMIN, Client, postgresAvailable, redisAvailable, reportOsmAnd, withTwoNodes } from './harness.ts';

const available = (await postgresAvailable()) && (await redisAvailable());

/** Two server nodes sharing one PostgreSQL schema and one Redis, as a scaled-out deployment runs. */
describe.runIf(available)('two nodes with PostgreSQL and Redis', () => {
  const { a, b } = withTwoNodes();

  it('delivers a position received by one node to a browser connected to the other', async () => {
    const onA = await Client.login(a.base, ADMIN.email, ADMIN.password);
    const onB = await Client.login(b.base, ADMIN.email, ADMIN.password);
    const device = await onA.json('POST', '/api/devices', { name: 'Caminhão 7', uniqueId: 'multi-1' });
    const socket = onB.socket();
    await socket.opened;
    await socket.waitFor((f) => (Array.isArray(f.positions) ? true : undefined));

    expect((await reportOsmAnd(a.osmand, { id: 'multi-1', lat: -23.6, lon: -46.7, speed: 12 })).status).toBe(200);
    const position = await socket.waitFor((f) => f.positions?.find((p: { deviceId: number }) => p.deviceId === device.id));
    expect(position).toMatchObject({ latitude: -23.6, longitude: -46.7, speed: 12 });
    const status = await socket.waitFor((f) => f.devices?.find((d: { id: number }) => d.id === device.id));
    expect(status.status).toBe('online');
    socket.close();
  });

  it('drops cached visibility on every node when permissions change', async () => {
    const admin = await Client.login(a.base, ADMIN.email, ADMIN.password);
    const user = await admin.json('POST', '/api/users', { name: 'Node Viewer', email: 'node-viewer@example.com', password: 'pass1234' });
    const device = await admin.json('POST', '/api/devices', { name: 'Moto 3', uniqueId: 'multi-2' });
    const viewer = await Client.login(b.base, 'node-viewer@example.com', 'pass1234');
    const socket = viewer.socket();
    await socket.opened;
    await socket.waitFor((f) => (Array.isArray(f.positions) ? true : undefined));
    await admin.json('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    // The invalidation and the position travel the same ordered Redis channel.
    await reportOsmAnd(a.osmand, { id: 'multi-2', lat: -23.7, lon: -46.8 });
    const position = await socket.waitFor((f) => f.positions?.find((p: { deviceId: number }) => p.deviceId === device.id));
    expect(position.latitude).toBe(-23.7);
    socket.close();
  });

  it('shows a device renamed on one node on the other, which reloads no other device\'s context', async () => {
    const onA = await Client.login(a.base, ADMIN.email, ADMIN.password);
    const onB = await Client.login(b.base, ADMIN.email, ADMIN.password);
    const devices = [];
    for (let i = 0; i < 5; i++) devices.push(await onA.json('POST', '/api/devices', { name: `Ônibus ${i}`, uniqueId: `multi-rename-${i}` }));
    // node b receives them: it holds their rows (online) and their contexts
    for (const device of devices) expect((await reportOsmAnd(b.osmand, { id: device.uniqueId, lat: -23.5, lon: -46.6 })).status).toBe(200);
    const [renamed, ...others] = devices;
    expect((await onB.json('GET', `/api/devices/${renamed.id}`)).name).toBe('Ônibus 0');
    const loads = b.rastro.contexts.loads;

    await onA.json('PUT', `/api/devices/${renamed.id}`, { ...renamed, name: 'Ônibus renomeado' });
    const deadline = Date.now() + 10_000;
    while ((await onB.json('GET', `/api/devices/${renamed.id}`)).name !== 'Ônibus renomeado') {
      if (Date.now() > deadline) throw new Error('node b never saw the new name');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const device of others) expect((await reportOsmAnd(b.osmand, { id: device.uniqueId, lat: -23.51, lon: -46.61 })).status).toBe(200);
    expect(b.rastro.contexts.loads).toBe(loads);
    expect((await reportOsmAnd(b.osmand, { id: renamed.uniqueId, lat: -23.51, lon: -46.61 })).status).toBe(200);
    expect(b.rastro.contexts.loads).toBe(loads + 1);
  });
});
