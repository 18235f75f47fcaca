import { beforeAll, describe, expect, it } from 'vitest';
import { Client, postgresAvailable, reportOsmAnd, type Dialect, unixSecondsAgo, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

interface WireDevice {
  id: number;
  name: string;
  uniqueId: string;
}

interface Access {
  deviceId: number;
  active: boolean;
  createdTime?: string;
  token?: string;
}

describe.each(dialects)('QR device login on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });
  let owner: Client;
  let ownerId: number;
  let truck: WireDevice;
  let other: WireDevice;
  let hidden: WireDevice;

  /** Signs in the way the web's /share/{token} page does: GET /api/session?token=…, then the cookie. */
  const visitor = async (token: string) => {
    const client = new Client(server.base);
    const response = await client.request('GET', `/api/session?token=${encodeURIComponent(token)}`);
    return { client, response };
  };

  beforeAll(async () => {
    ownerId = (await admin.json('POST', '/api/users', { name: 'Fleet Owner', email: 'owner@example.com', password: 'owner-pw' })).id;
    owner = await Client.login(server.base, 'owner@example.com', 'owner-pw');
    truck = await owner.json('POST', '/api/devices', { name: 'Truck 1', uniqueId: 'qrd-truck' });
    other = await owner.json('POST', '/api/devices', { name: 'Truck 2', uniqueId: 'qrd-other' });
    hidden = await admin.json('POST', '/api/devices', { name: 'Admin car', uniqueId: 'qrd-admin' });
    for (const [id, lat] of [['qrd-truck', -23.5], ['qrd-other', -22.9], ['qrd-admin', -21]] as const) {
      expect((await reportOsmAnd(server.osmand, { id, lat, lon: -46.6, timestamp: unixSecondsAgo(120) })).status).toBe(200);
    }
  });

  it('issues a code whose login sees that vehicle only and changes nothing', async () => {
    expect(await owner.json<Access>('GET', `/tarkan/devices/${truck.id}/qr-access`)).toEqual({ deviceId: truck.id, active: false });
    const access = await owner.json<Access>('POST', `/tarkan/devices/${truck.id}/qr-access`);
    expect(access).toMatchObject({ deviceId: truck.id, active: true });
    expect(access.token).toMatch(/.{20,}/);
    expect(await owner.json<Access>('GET', `/tarkan/devices/${truck.id}/qr-access`)).toMatchObject({ active: true, createdTime: access.createdTime });

    const { client, response } = await visitor(access.token!);
    expect(response.status).toBe(200);
    const user = (await response.json()) as { id: number; readonly: boolean; deviceReadonly: boolean; limitCommands: boolean; disableReports: boolean; attributes: Record<string, unknown> };
    expect(user).toMatchObject({ readonly: true, deviceReadonly: true, limitCommands: true, disableReports: true });
    expect(user.attributes['tarkan.isQrDeviceId']).toBe(truck.id);

    // reads: its vehicle, its latest position, nothing else
    expect((await client.json<WireDevice[]>('GET', '/api/devices')).map((d) => d.id)).toEqual([truck.id]);
    expect((await client.json<WireDevice[]>('GET', '/api/devices?all=true')).map((d) => d.id)).toEqual([truck.id]);
    expect((await client.json<{ deviceId: number }[]>('GET', '/api/positions')).map((p) => p.deviceId)).toEqual([truck.id]);
    expect((await client.request('GET', `/api/devices/${other.id}`)).status).toBe(400);
    expect((await client.request('GET', `/api/positions?deviceId=${other.id}`)).status).toBe(400);
    expect((await client.request('GET', `/api/positions?deviceId=${hidden.id}`)).status).toBe(400);
    const users = await client.json<{ id: number }[]>('GET', '/api/users');
    expect(users.map((u) => u.id)).not.toContain(ownerId);
    expect((await client.request('GET', `/api/users?userId=${ownerId}`)).status).toBe(400);
    expect((await client.request('GET', `/api/reports/route?deviceId=${truck.id}&from=2023-11-14T00:00:00Z&to=2023-11-15T00:00:00Z`)).status).toBe(400);
    expect((await client.request('GET', `/tarkan/devices/${truck.id}/qr-access`)).status).toBe(400);

    // writes: all refused, on its own vehicle and account too, and nothing changed
    const writes: [string, string, unknown][] = [
      ['PUT', `/api/devices/${truck.id}`, { ...truck, name: 'Renamed' }],
      ['DELETE', `/api/devices/${truck.id}`, undefined],
      ['POST', '/api/devices', { name: 'Mine', uniqueId: 'qrd-mine' }],
      ['POST', '/api/commands/send', { deviceId: truck.id, type: 'engineStop' }],
      ['POST', '/api/geofences', { name: 'Zone', area: 'CIRCLE (-23.5 -46.6, 100)' }],
      ['PUT', `/api/users/${user.id}`, { ...user, attributes: {} }],
      ['POST', '/api/permissions', { userId: user.id, deviceId: other.id }],
      ['POST', `/tarkan/devices/${truck.id}/qr-access`, undefined],
      ['POST', '/tarkan/shares', { deviceId: truck.id, expiration: '2099-01-01T00:00:00Z' }],
    ];
    for (const [method, url, body] of writes) {
      const refused = await client.request(method, url, body);
      expect([method, url, refused.status]).toEqual([method, url, 403]);
    }
    expect((await owner.json<WireDevice>('GET', `/api/devices/${truck.id}`)).name).toBe('Truck 1');
    const stored = await server.rastro.db.kysely.selectFrom('tc_users').select('attributes').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.attributes)).toEqual({ 'tarkan.isQrDeviceId': truck.id });
    expect((await server.rastro.db.kysely.selectFrom('tc_user_device').select('deviceId').where('userId', '=', user.id).execute()).map((r) => r.deviceId)).toEqual([truck.id]);

    // the login is the vehicle's, not a user anybody manages
    expect((await admin.json<{ id: number }[]>('GET', '/api/users')).map((u) => u.id)).not.toContain(user.id);
    // signing out stays possible
    expect((await client.request('DELETE', '/api/session')).status).toBe(204);
  });

  it('sends the live socket its vehicle only', async () => {
    const access = await owner.json<Access>('POST', `/tarkan/devices/${truck.id}/qr-access`);
    const { client } = await visitor(access.token!);
    const socket = client.socket();
    await socket.opened;
    try {
      await reportOsmAnd(server.osmand, { id: 'qrd-other', lat: -22.8, lon: -46.6, timestamp: unixSecondsAgo(60) });
      await reportOsmAnd(server.osmand, { id: 'qrd-truck', lat: -23.4, lon: -46.6, timestamp: unixSecondsAgo(60) });
      await socket.waitFor((frame) => frame.positions?.find((p) => p.deviceId === truck.id && p.latitude === -23.4));
      const seen = new Set(socket.frames.flatMap((frame) => [...(frame.positions ?? []).map((p) => p.deviceId), ...(frame.devices ?? []).map((d) => d.id)]));
      expect([...seen]).toEqual([truck.id]);
    } finally {
      socket.close();
    }
  });

  it('ends the old code when a new one is issued or the access is revoked', async () => {
    const first = await owner.json<Access>('POST', `/tarkan/devices/${truck.id}/qr-access`);
    const { client: old } = await visitor(first.token!);
    expect((await old.request('GET', '/api/devices')).status).toBe(200);
    const second = await owner.json<Access>('POST', `/tarkan/devices/${truck.id}/qr-access`);
    expect(second.token).not.toBe(first.token);
    expect((await old.request('GET', '/api/devices')).status).toBe(401);
    expect((await visitor(first.token!)).response.status).toBe(401);
    const { client: current } = await visitor(second.token!);
    expect((await current.request('GET', '/api/devices')).status).toBe(200);

    expect((await owner.request('DELETE', `/tarkan/devices/${truck.id}/qr-access`)).status).toBe(204);
    expect((await current.request('GET', '/api/devices')).status).toBe(401);
    expect((await visitor(second.token!)).response.status).toBe(401);
    expect(await owner.json<Access>('GET', `/tarkan/devices/${truck.id}/qr-access`)).toEqual({ deviceId: truck.id, active: false });
    expect((await owner.request('DELETE', `/tarkan/devices/${truck.id}/qr-access`)).status).toBe(404);
  });

  it('is issued only by who may edit the vehicle', async () => {
    // a device the owner does not see
    expect((await owner.request('POST', `/tarkan/devices/${hidden.id}/qr-access`)).status).toBe(400);
    expect((await owner.request('POST', '/tarkan/devices/999999/qr-access')).status).toBe(400);
    expect((await admin.request('POST', '/tarkan/devices/999999/qr-access')).status).toBe(404);
    expect((await owner.request('POST', '/tarkan/devices/abc/qr-access')).status).toBe(400);
    // a read-only user
    await admin.json('POST', '/api/users', { name: 'Viewer Person', email: 'viewer@example.com', password: 'viewer-pw', readonly: true });
    const viewerId = (await admin.json<{ id: number; email: string }[]>('GET', '/api/users')).find((u) => u.email === 'viewer@example.com')!.id;
    await admin.json('POST', '/api/permissions', { userId: viewerId, deviceId: truck.id });
    const viewer = await Client.login(server.base, 'viewer@example.com', 'viewer-pw');
    expect((await viewer.request('POST', `/tarkan/devices/${truck.id}/qr-access`)).status).toBe(400);
    expect(await owner.json<Access>('GET', `/tarkan/devices/${truck.id}/qr-access`)).toMatchObject({ active: false });
  });

  it('goes with its vehicle when the vehicle is deleted for good', async () => {
    const access = await owner.json<Access>('POST', `/tarkan/devices/${other.id}/qr-access`);
    const { client } = await visitor(access.token!);
    expect((await owner.request('DELETE', `/api/devices/${other.id}`)).status).toBe(204);
    expect((await client.request('GET', '/api/devices')).status).toBe(401);
    const left = await server.rastro.db.kysely.selectFrom('tc_users').select('id').where('attributes', 'like', `%"tarkan.isQrDeviceId":${other.id}}%`).execute();
    expect(left).toEqual([]);
  });
});
