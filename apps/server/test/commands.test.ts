import { describe, expect, it } from 'vitest';
import { Client, reportOsmAnd, withServer } from './harness.ts';

describe('commands over the API', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  it('lists every type without a device, and custom for a device without a connection', async () => {
    const all = await admin.json('GET', '/api/commands/types');
    expect(all.map((t: { type: string }) => t.type)).toEqual(expect.arrayContaining(['custom', 'engineStop', 'engineResume']));
    const device = await admin.json('POST', '/api/devices', { name: 'Phone', uniqueId: 'cmd-phone' });
    expect(await admin.json('GET', `/api/commands/types?deviceId=${device.id}`)).toEqual([{ type: 'custom' }]);
  });

  it('queues a command for a device that is not connected (202) and delivers it in the next OsmAnd reply', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Phone 2', uniqueId: 'cmd-phone-2' });
    const response = await admin.request('POST', '/api/commands/send', { deviceId: device.id, type: 'custom', attributes: { data: 'hello {uniqueId}' } });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ deviceId: device.id, type: 'custom', attributes: { data: 'hello {uniqueId}' } });

    const first = await reportOsmAnd(server.osmand, { id: 'cmd-phone-2', lat: -23.5, lon: -46.6 });
    expect([first.status, await first.text()]).toEqual([200, 'hello cmd-phone-2']);
    const second = await reportOsmAnd(server.osmand, { id: 'cmd-phone-2', lat: -23.5, lon: -46.61 });
    expect([second.status, await second.text()]).toEqual([200, '']);
  });

  it('refuses bad commands with a clear message and queues nothing', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Phone 3', uniqueId: 'cmd-phone-3' });
    for (const [body, message] of [
      [{ deviceId: device.id, type: 'custom' }, 'Invalid request: attributes.data: the custom command text is required'],
      [{ deviceId: device.id }, 'Invalid request: type: type is required'],
      [{ deviceId: device.id, type: 'engineStop', attributes: { noQueue: true } }, 'Failed to send command'],
      [{ deviceId: device.id, type: 'custom', textChannel: true, attributes: { data: 'x' } }, 'SMS not configured'],
    ] as const) {
      const response = await admin.request('POST', '/api/commands/send', body);
      expect([response.status, await response.text()]).toEqual([400, message]);
    }
    const reply = await reportOsmAnd(server.osmand, { id: 'cmd-phone-3', lat: 1, lon: 1 });
    expect(await reply.text()).toBe('');
  });

  it('enforces limitCommands and readonly on the server, while shared saved commands stay usable', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Truck', uniqueId: 'cmd-truck' });
    const limited = await admin.json('POST', '/api/users', { name: 'Limited', email: 'limited-cmd@example.com', password: 'pass1234', limitCommands: true });
    const readonly = await admin.json('POST', '/api/users', { name: 'Read Only', email: 'ro-cmd@example.com', password: 'pass1234', readonly: true });
    for (const user of [limited, readonly]) await admin.json('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    const saved = await admin.json('POST', '/api/commands', { description: 'Bloquear', type: 'custom', attributes: { data: 'STOP' } });
    await admin.json('POST', '/api/permissions', { userId: limited.id, commandId: saved.id });

    const limitedClient = await Client.login(server.base, 'limited-cmd@example.com', 'pass1234');
    const adHoc = await limitedClient.request('POST', '/api/commands/send', { deviceId: device.id, type: 'custom', attributes: { data: 'x' } });
    expect([adHoc.status, await adHoc.text()]).toEqual([400, 'Operation restricted']);
    expect((await limitedClient.json('GET', `/api/commands/send?deviceId=${device.id}`)).map((c: { id: number }) => c.id)).toEqual([saved.id]);
    const viaSaved = await limitedClient.request('POST', '/api/commands/send', { id: saved.id, deviceId: device.id });
    expect(viaSaved.status).toBe(202);
    const edit = await limitedClient.request('POST', '/api/commands', { description: 'Mine', type: 'custom', attributes: { data: 'y' } });
    expect([edit.status, await edit.text()]).toEqual([400, 'Write access denied']);

    const readonlyClient = await Client.login(server.base, 'ro-cmd@example.com', 'pass1234');
    const denied = await readonlyClient.request('POST', '/api/commands/send', { deviceId: device.id, type: 'engineStop' });
    expect([denied.status, await denied.text()]).toEqual([400, 'Write access denied']);

    const stranger = await admin.json('POST', '/api/devices', { name: 'Not yours', uniqueId: 'cmd-other' });
    const foreign = await limitedClient.request('POST', '/api/commands/send', { id: saved.id, deviceId: stranger.id });
    expect([foreign.status, await foreign.text()]).toEqual([400, 'Device access denied']);
  });
});

describe('accumulators', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  it('resets totalDistance and hours, and later positions continue from them', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Odo', uniqueId: 'acc-1' });
    const t = Math.floor(Date.now() / 1000) - 100;
    await reportOsmAnd(server.osmand, { id: 'acc-1', lat: -23.5, lon: -46.6, timestamp: t });
    const bad = await admin.request('PUT', `/api/devices/${device.id}/accumulators`, { deviceId: device.id, totalDistance: -5 });
    expect(bad.status).toBe(400);
    const ok = await admin.request('PUT', `/api/devices/${device.id}/accumulators`, { deviceId: device.id, totalDistance: 100000, hours: 3600000 });
    expect(ok.status).toBe(204);
    await reportOsmAnd(server.osmand, { id: 'acc-1', lat: -23.501, lon: -46.6, timestamp: t + 10 });
    const [latest] = await admin.json<{ attributes: Record<string, number> }[]>('GET', `/api/positions?deviceId=${device.id}`);
    expect(latest.attributes.totalDistance).toBeCloseTo(100000 + latest.attributes.distance, 1);
    expect(latest.attributes.hours).toBe(3600000);
  });
});

describe('accumulators: who may reset them (Traccar: write access to the device)', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  it('refuses a device-read-only user, a user without the device and a body for another device, and changes nothing', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Odo 2', uniqueId: 'acc-2' });
    const other = await admin.json('POST', '/api/devices', { name: 'Odo 3', uniqueId: 'acc-3' });
    await reportOsmAnd(server.osmand, { id: 'acc-2', lat: -23.5, lon: -46.6 });
    const owner = await admin.json('POST', '/api/users', { name: 'Owner', email: 'acc-owner@example.com', password: 'pass1234' });
    const viewer = await admin.json('POST', '/api/users', { name: 'Viewer', email: 'acc-viewer@example.com', password: 'pass1234', deviceReadonly: true });
    for (const user of [owner, viewer]) await admin.json('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    const ownerClient = await Client.login(server.base, 'acc-owner@example.com', 'pass1234');
    const viewerClient = await Client.login(server.base, 'acc-viewer@example.com', 'pass1234');
    const body = { deviceId: device.id, totalDistance: 5000, hours: 7200000 };

    const readonly = await viewerClient.request('PUT', `/api/devices/${device.id}/accumulators`, body);
    expect([readonly.status, await readonly.text()]).toEqual([400, 'Write access denied']);
    const foreign = await ownerClient.request('PUT', `/api/devices/${other.id}/accumulators`, { ...body, deviceId: other.id });
    expect([foreign.status, await foreign.text()]).toEqual([400, 'Device access denied']);
    const mismatch = await ownerClient.request('PUT', `/api/devices/${device.id}/accumulators`, { ...body, deviceId: other.id });
    expect([mismatch.status, await mismatch.text()]).toEqual([400, 'Body deviceId does not match the path']);
    const [unchanged] = await admin.json<{ attributes: Record<string, number> }[]>('GET', `/api/positions?deviceId=${device.id}`);
    expect(unchanged.attributes.totalDistance).not.toBe(5000);

    expect((await ownerClient.request('PUT', `/api/devices/${device.id}/accumulators`, body)).status).toBe(204);
    const [latest] = await admin.json<{ attributes: Record<string, number> }[]>('GET', `/api/positions?deviceId=${device.id}`);
    expect([latest.attributes.totalDistance, latest.attributes.hours]).toEqual([5000, 7200000]);
  });
});

describe("the anchor's geofence (spec §7: posted with id -1)", () => {
  const { admin } = withServer({ dialect: 'sqlite' });

  it('creates the geofence under a new id, and a PUT still needs the id of its path', async () => {
    const anchor = { id: -1, name: 'Âncora Van', description: '', area: 'CIRCLE (-23.5 -46.6, 150)', calendarId: 0, attributes: { deviceId: 1, isAnchor: true } };
    const created = await admin.json('POST', '/api/geofences', anchor);
    expect(created.id).toBeGreaterThan(0);
    expect(created).toMatchObject({ name: 'Âncora Van', area: 'CIRCLE (-23.5 -46.6, 150)', attributes: { deviceId: 1, isAnchor: true } });
    const put = await admin.request('PUT', `/api/geofences/${created.id}`, anchor);
    expect([put.status, await put.text()]).toEqual([400, 'Body id does not match the path']);
  });
});
