import { beforeAll, describe, expect, it } from 'vitest';
import { Client, postgresAvailable, reportOsmAnd, type Dialect, unixSecondsAgo, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

interface WireDevice {
  id: number;
  name: string;
  uniqueId: string;
}

interface DeletedDevice extends WireDevice {
  originalUniqueId: string;
  deletedTime: string;
}

describe.each(dialects)('lazy (safe-mode) device deletion on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });
  let owner: Client;

  const db = () => server.rastro.db.kysely;
  const setLazy = (on: boolean) => admin.setServerAttributes({ 'tarkan.lazyDeletion': on });
  const count = async (table: 'tc_positions' | 'tc_events', deviceId: number) =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('deviceId', '=', deviceId).executeTakeFirstOrThrow()).n);
  const deletedList = () => admin.json<DeletedDevice[]>('GET', '/tarkan/devices/deleted');

  beforeAll(async () => {
    await admin.json('POST', '/api/users', { name: 'Fleet Owner', email: 'owner@example.com', password: 'owner-pw', deviceLimit: 3 });
    owner = await Client.login(server.base, 'owner@example.com', 'owner-pw');
  });

  it('hides a deleted device with its data, frees its identifier and restores it for an administrator', async () => {
    await setLazy(true);
    const truck = await owner.json<WireDevice>('POST', '/api/devices', { name: 'Truck', uniqueId: 'imei-100' });
    expect((await reportOsmAnd(server.osmand, { id: 'imei-100', lat: -23.5, lon: -46.6, timestamp: unixSecondsAgo(300) })).status).toBe(200);
    expect(await count('tc_positions', truck.id)).toBe(1);
    expect((await owner.json<{ deviceId: number }[]>('GET', '/api/positions')).map((p) => p.deviceId)).toEqual([truck.id]);

    // the owner's live socket holds the device in its cached visibility before the deletion
    const socket = owner.socket();
    await socket.opened;
    await socket.waitFor((frame) => frame.positions?.find((p) => p.deviceId === truck.id));
    expect((await owner.request('DELETE', `/api/devices/${truck.id}`)).status).toBe(204);
    const row = await db().selectFrom('tc_devices').select('uniqueId').where('id', '=', truck.id).executeTakeFirstOrThrow();
    expect(row.uniqueId).toMatch(/^deleted-\d+-imei%2D100$/);
    expect(row.uniqueId.split('-')).toHaveLength(3);
    expect(await count('tc_positions', truck.id)).toBe(1);

    // hidden from every list, the administrator's included, and from direct reads
    expect((await owner.json<WireDevice[]>('GET', '/api/devices')).map((d) => d.id)).not.toContain(truck.id);
    expect((await admin.json<WireDevice[]>('GET', '/api/devices?all=true')).map((d) => d.id)).not.toContain(truck.id);
    expect((await admin.request('GET', `/api/devices/${truck.id}`)).status).toBe(404);
    expect((await owner.request('GET', `/api/devices/${truck.id}`)).status).toBe(400);
    expect((await owner.json<unknown[]>('GET', '/api/positions')).length).toBe(0);
    expect((await admin.request('PUT', `/api/devices/${truck.id}`, { id: truck.id, name: 'X', uniqueId: 'other' })).status).toBe(404);
    // its history too: an administrator asking by id is told the device is gone, as for a direct read
    const period = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date().toISOString()}`;
    for (const path of [`/api/positions?deviceId=${truck.id}&${period}`, `/api/reports/route?deviceId=${truck.id}&${period}`, `/api/reports/events?deviceId=${truck.id}&${period}`]) {
      expect((await admin.request('GET', path)).status, path).toBe(404);
    }

    // a tracker still reporting under the old identifier is unknown, not the hidden device
    const refused = await reportOsmAnd(server.osmand, { id: 'imei-100', lat: -23.6, lon: -46.7, timestamp: unixSecondsAgo(240) });
    // Traccar's answer to an unknown device in the query format
    expect([refused.status, await refused.text()]).toEqual([400, 'unknown device']);
    expect(await count('tc_positions', truck.id)).toBe(1);
    const unknown = await db().selectFrom('tc_unknown_devices').select('uniqueId').where('uniqueId', '=', 'imei-100').executeTakeFirst();
    expect(unknown?.uniqueId).toBe('imei-100');

    const listed = (await deletedList()).find((d) => d.id === truck.id);
    expect(listed).toMatchObject({ name: 'Truck', originalUniqueId: 'imei-100' });
    expect(Date.parse(listed!.deletedTime)).toBeGreaterThan(0);

    const restored = await admin.json<WireDevice>('POST', `/tarkan/devices/${truck.id}/restore`);
    expect(restored).toMatchObject({ id: truck.id, uniqueId: 'imei-100' });
    expect((await owner.json<WireDevice[]>('GET', '/api/devices')).map((d) => d.id)).toContain(truck.id);
    expect((await deletedList()).map((d) => d.id)).not.toContain(truck.id);
    expect(await count('tc_positions', truck.id)).toBe(1);
    // and it takes positions again, which reach the owner's socket
    expect((await reportOsmAnd(server.osmand, { id: 'imei-100', lat: -23.7, lon: -46.7, timestamp: unixSecondsAgo(180) })).status).toBe(200);
    expect(await count('tc_positions', truck.id)).toBe(2);
    await socket.waitFor((frame) => frame.positions?.find((p) => p.deviceId === truck.id && p.latitude === -23.7));
    socket.close();
  });

  it('refuses a restore when the identifier was taken meanwhile, and frees the device limit', async () => {
    await setLazy(true);
    const first = await owner.json<WireDevice>('POST', '/api/devices', { name: 'Van', uniqueId: 'van-1' });
    const spare = await owner.json<WireDevice>('POST', '/api/devices', { name: 'Spare', uniqueId: 'spare-1' });
    expect((await owner.request('POST', '/api/devices', { name: 'Over', uniqueId: 'over-1' })).status).toBe(400);
    await owner.json('DELETE', `/api/devices/${first.id}`);
    // the owner's limit is 3: the hidden device no longer counts against it
    const again = await owner.json<WireDevice>('POST', '/api/devices', { name: 'Van again', uniqueId: 'van-1' });
    expect(again.id).not.toBe(first.id);

    const conflict = await admin.request('POST', `/tarkan/devices/${first.id}/restore`);
    expect(conflict.status).toBe(409);
    expect(await conflict.text()).toBe('Device identifier already in use');
    expect((await deletedList()).map((d) => d.id)).toContain(first.id);

    // deleting the newer one for good frees the identifier: now the restore goes through
    await setLazy(false);
    expect((await owner.request('DELETE', `/api/devices/${again.id}`)).status).toBe(204);
    expect(await db().selectFrom('tc_devices').select('id').where('id', '=', again.id).executeTakeFirst()).toBeUndefined();
    expect((await admin.request('POST', `/tarkan/devices/${first.id}/restore`)).status).toBe(200);
    expect((await owner.request('DELETE', `/api/devices/${spare.id}`)).status).toBe(204);
  });

  it('keeps identifiers with dashes and percent signs intact through a round trip', async () => {
    await setLazy(true);
    const odd = 'AB-12-%2D-x%';
    const device = await admin.json<WireDevice>('POST', '/api/devices', { name: 'Odd', uniqueId: odd });
    await admin.json('DELETE', `/api/devices/${device.id}`);
    const row = await db().selectFrom('tc_devices').select('uniqueId').where('id', '=', device.id).executeTakeFirstOrThrow();
    expect(row.uniqueId.split('-')).toHaveLength(3);
    expect((await deletedList()).find((d) => d.id === device.id)?.originalUniqueId).toBe(odd);
    expect((await admin.json<WireDevice>('POST', `/tarkan/devices/${device.id}/restore`)).uniqueId).toBe(odd);
  });

  it('keeps the deleted devices to administrators and lets them purge one for good', async () => {
    await setLazy(true);
    const bus = await owner.json<WireDevice>('POST', '/api/devices', { name: 'Bus', uniqueId: 'bus-9' });
    await reportOsmAnd(server.osmand, { id: 'bus-9', lat: -23.5, lon: -46.6, timestamp: unixSecondsAgo(300) });
    await owner.json('DELETE', `/api/devices/${bus.id}`);

    expect((await owner.request('GET', '/tarkan/devices/deleted')).status).toBe(400);
    expect((await owner.request('POST', `/tarkan/devices/${bus.id}/restore`)).status).toBe(400);
    expect((await owner.request('DELETE', `/tarkan/devices/deleted/${bus.id}`)).status).toBe(400);
    // the owner deleting it again, or through the ordinary route, reaches nothing
    expect((await owner.request('DELETE', `/api/devices/${bus.id}`)).status).toBe(400);
    expect((await admin.request('DELETE', `/api/devices/${bus.id}`)).status).toBe(404);

    // purge only takes a soft-deleted device
    const live = (await owner.json<WireDevice[]>('GET', '/api/devices'))[0];
    expect((await admin.request('DELETE', `/tarkan/devices/deleted/${live.id}`)).status).toBe(404);
    expect((await admin.request('POST', `/tarkan/devices/${live.id}/restore`)).status).toBe(404);

    expect((await admin.request('DELETE', `/tarkan/devices/deleted/${bus.id}`)).status).toBe(204);
    expect(await db().selectFrom('tc_devices').select('id').where('id', '=', bus.id).executeTakeFirst()).toBeUndefined();
    expect(await count('tc_positions', bus.id)).toBe(0);
    expect((await deletedList()).map((d) => d.id)).not.toContain(bus.id);
  });

  it('reserves the identifiers of deleted devices', async () => {
    const response = await owner.request('POST', '/api/devices', { name: 'Sneaky', uniqueId: 'deleted-1-imei' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('reserved');
  });

  it('deletes for good while the option is off', async () => {
    await setLazy(false);
    const car = await owner.json<WireDevice>('POST', '/api/devices', { name: 'Car', uniqueId: 'car-1' });
    await owner.json('DELETE', `/api/devices/${car.id}`);
    expect(await db().selectFrom('tc_devices').select('id').where('id', '=', car.id).executeTakeFirst()).toBeUndefined();
  });
});
