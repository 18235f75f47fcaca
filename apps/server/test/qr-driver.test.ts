import { beforeAll, describe, expect, it } from 'vitest';
import { Client, postgresAvailable, reportOsmAnd, type Dialect, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const MINUTE = 60_000;

interface WireDriver {
  id: number;
  name: string;
  uniqueId: string;
  attributes: Record<string, unknown>;
}

describe.each(dialects)('QR driver on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });
  let owner: Client;
  let ownerId: number;
  const devices: Record<string, { id: number; uniqueId: string }> = {};

  const qr = (username: string, extra: Record<string, unknown> = {}) => ({
    'tarkan.qrEnable': true, 'tarkan.qrUsername': username, 'tarkan.qrPassword': 'secret-pw', ...extra,
  });
  const newDriver = (uniqueId: string, attributes: Record<string, unknown>, by: Client = owner) =>
    by.request('POST', '/api/drivers', { name: `Driver ${uniqueId}`, uniqueId, attributes });
  const driverAccount = async (driverId: number) => {
    const rows = await server.rastro.db.kysely.selectFrom('tc_users').selectAll().where('attributes', 'like', '%isQrDriverId%').execute();
    return rows.find((row) => JSON.parse(row.attributes)['tarkan.isQrDriverId'] === driverId);
  };
  const deviceAttributes = async (id: number) => {
    const row = await server.rastro.db.kysely.selectFrom('tc_devices').select('attributes').where('id', '=', id).executeTakeFirstOrThrow();
    return JSON.parse(row.attributes) as Record<string, unknown>;
  };
  const queued = async (deviceId: number) =>
    (await server.rastro.db.kysely.selectFrom('tc_commands_queue').select('type').where('deviceId', '=', deviceId).execute()).map((r) => r.type);
  /** A QR driver created by the owner, signed in. */
  const signedInDriver = async (uniqueId: string, extra: Record<string, unknown> = {}) => {
    const response = await newDriver(uniqueId, qr(`${uniqueId}-login`, extra));
    expect(response.status).toBe(200);
    const driver = (await response.json()) as WireDriver;
    return { driver, client: await Client.login(server.base, `${uniqueId}-login`, 'secret-pw') };
  };

  /** The server settings' switch for QR drivers (spec §3 enableQrDriverId). */
  const switchQrDrivers = (on: boolean) => admin.setServerAttributes({ 'tarkan.enableQrDriverId': on });

  beforeAll(async () => {
    await switchQrDrivers(true);
    ownerId = (await admin.json('POST', '/api/users', { name: 'Fleet Owner', email: 'owner@example.com', password: 'owner-pw' })).id;
    owner = await Client.login(server.base, 'owner@example.com', 'owner-pw');
    for (const name of ['a', 'b', 'd', 'e', 'f']) devices[name] = await owner.json('POST', '/api/devices', { name: `Truck ${name}`, uniqueId: `qr-${name}`, attributes: { plate: `ABC-${name}` } });
    // a device the owner does not see
    devices.c = await admin.json('POST', '/api/devices', { name: 'Not the owner\'s', uniqueId: 'qr-c' });
  });

  it('keeps a hidden, powerless login account for a QR driver and never stores or returns the password', async () => {
    const response = await newDriver('drv-1', qr('Joao.Silva', { 'tarkan.qrUnlockDevice': true }));
    expect(response.status).toBe(200);
    const driver = (await response.json()) as WireDriver;
    expect(driver.attributes).toMatchObject({ 'tarkan.qrEnable': true, 'tarkan.qrUsername': 'Joao.Silva' });
    expect(driver.attributes).not.toHaveProperty('tarkan.qrPassword');
    const listed = (await owner.json('GET', '/api/drivers')).find((d: { id: number }) => d.id === driver.id);
    expect(listed.attributes).not.toHaveProperty('tarkan.qrPassword');
    const stored = await server.rastro.db.kysely.selectFrom('tc_drivers').select('attributes').where('id', '=', driver.id).executeTakeFirstOrThrow();
    expect(stored.attributes).not.toContain('secret-pw');
    const logs = await server.rastro.db.kysely.selectFrom('tc_logs').select('data').execute();
    expect(logs.some((log) => log.data?.includes('secret-pw'))).toBe(false);

    const account = await driverAccount(driver.id);
    expect(account).toMatchObject({ email: 'Joao.Silva', name: 'Driver drv-1', administrator: 0, readonly: 1, deviceLimit: 0, userLimit: 0, disabled: 0 });
    // hidden from every users list, the administrator's included
    expect((await admin.json('GET', '/api/users')).some((u: { id: number }) => u.id === account!.id)).toBe(false);

    // signs in through the ordinary session, case-insensitively
    const session = await new Client(server.base).form('/api/session', { email: 'joao.silva', password: 'secret-pw' });
    expect(session.status).toBe(200);
    expect(((await session.json()) as WireDriver).attributes).toEqual({ 'tarkan.isQrDriverId': driver.id });

    // an edit with no password keeps the old one; the name follows the driver
    const edited = await owner.request('PUT', `/api/drivers/${driver.id}`, { ...driver, name: 'João Silva', attributes: { ...driver.attributes, 'tarkan.qrPassword': '' } });
    expect(edited.status).toBe(200);
    expect((await driverAccount(driver.id))?.name).toBe('João Silva');
    expect((await new Client(server.base).form('/api/session', { email: 'Joao.Silva', password: 'secret-pw' })).status).toBe(200);
  });

  it('refuses bad QR fields and duplicate usernames with a clear 400, changing nothing', async () => {
    const before = (await owner.json('GET', '/api/drivers')).length;
    for (const [attributes, message] of [
      [qr('joao.silva'), 'User duplicate'],
      [qr('owner@example.com'), 'User duplicate'],
      [qr('ab'), 'attributes.tarkan.qrUsername: the QR username is required, at least 4 characters'],
      [{ 'tarkan.qrEnable': true, 'tarkan.qrUsername': 'nopass' }, 'attributes.tarkan.qrPassword: the QR password is required, at least 4 characters'],
      [qr('short-pw', { 'tarkan.qrPassword': 'abc' }), 'attributes.tarkan.qrPassword: the QR password needs at least 4 characters'],
      [qr('nolimit', { 'tarkan.qrAutoLogout': true }), 'attributes.tarkan.qrAutoLogoutTimeout: minutes after check-in, a number above 0'],
      [qr('nolock', { 'tarkan.qrLockWithoutDriver': true, 'tarkan.qrLockDeviceTimeout': -1 }), 'attributes.tarkan.qrLockDeviceTimeout: minutes without a driver, a number of 0 or more'],
    ] as const) {
      const response = await newDriver(`bad-${message.length}-${Math.random()}`, attributes);
      expect([response.status, await response.text()]).toEqual([400, message]);
    }
    expect((await owner.json('GET', '/api/drivers')).length).toBe(before);
  });

  it('gives a QR driver nothing but its check-in', async () => {
    const { client, driver } = await signedInDriver('drv-locked');
    expect((await client.request('GET', '/api/session')).status).toBe(200);
    expect((await client.request('GET', '/api/server')).status).toBe(200);
    const account = await driverAccount(driver.id);
    for (const [method, url, body] of [
      ['GET', '/api/users', undefined],
      ['GET', `/api/users/${account!.id}`, undefined],
      ['PUT', `/api/users/${account!.id}`, { name: 'Me', email: 'drv-locked-login', attributes: {} }],
      ['GET', '/api/devices', undefined],
      ['POST', '/api/devices', { name: 'Mine', uniqueId: 'qr-mine' }],
      ['GET', '/api/drivers', undefined],
      ['POST', '/api/drivers', { name: 'Other', uniqueId: 'x-1' }],
      ['POST', '/api/commands/send', { deviceId: devices.a.id, type: 'engineResume' }],
      ['GET', '/api/positions', undefined],
      ['GET', `/api/reports/route?deviceId=${devices.a.id}&from=2024-01-01T00:00:00Z&to=2024-01-02T00:00:00Z`, undefined],
      ['POST', '/api/permissions', { userId: account!.id, deviceId: devices.a.id }],
      ['GET', '/tarkan/shares', undefined],
    ] as const) {
      const response = await client.request(method, url, body);
      expect([method, url, response.status, await response.text()]).toEqual([method, url, 403, 'Operation restricted']);
    }
    // nobody marks an account as a driver's through the users API, an administrator neither
    const self = await owner.json('GET', `/api/users/${ownerId}`);
    const saved = await owner.json('PUT', `/api/users/${ownerId}`, { ...self, password: undefined, attributes: { 'tarkan.isQrDriverId': driver.id } });
    expect(saved.attributes).not.toHaveProperty('tarkan.isQrDriverId');
    const made = await admin.json('POST', '/api/users', { name: 'Fake', email: 'fake-driver@example.com', password: 'pass1234', attributes: { 'tarkan.isQrDriverId': driver.id } });
    expect(made.attributes).not.toHaveProperty('tarkan.isQrDriverId');
  });

  it('refuses the check-in calls to anyone but a QR driver', async () => {
    for (const client of [owner, admin]) {
      expect((await client.request('POST', '/tarkan/qr-driver', { id: devices.a.id })).status).toBe(403);
      expect((await client.request('GET', '/tarkan/qr-driver')).status).toBe(403);
    }
    expect((await new Client(server.base).request('POST', '/tarkan/qr-driver', { id: devices.a.id })).status).toBe(401);
  });

  it('checks in to a visible vehicle only, with clear errors', async () => {
    const { client } = await signedInDriver('drv-errors');
    expect(await client.json('GET', `/tarkan/qr-driver/devices/${devices.a.id}`)).toEqual({ id: devices.a.id, name: 'Truck a', category: null, plate: 'ABC-a' });
    for (const [body, status, message] of [
      [{ id: devices.c.id }, 403, 'Device access denied'],
      [{ id: 999999 }, 404, 'Device not found'],
      [{ id: -1 }, 400, 'Invalid request'],
      [{ id: 'x' }, 400, 'Invalid request'],
      [{ id: 1, extra: true }, 400, 'Invalid request'],
    ] as const) {
      const response = await client.request('POST', '/tarkan/qr-driver', body);
      expect(response.status).toBe(status);
      expect(await response.text()).toContain(message);
    }
    expect((await client.request('GET', `/tarkan/qr-driver/devices/${devices.c.id}`)).status).toBe(403);
    expect((await client.json('GET', '/tarkan/qr-driver')).device).toBeNull();
  });

  it('checks in: state, live socket, audit, engineResume queued then delivered, driverUniqueId on new positions; checks out', async () => {
    const { client, driver } = await signedInDriver('drv-2', { 'tarkan.qrUnlockDevice': true });
    const a = devices.a;
    const live = owner.socket();
    await live.opened;

    const state = await client.json('POST', '/tarkan/qr-driver', { id: a.id });
    expect(state).toMatchObject({ driver: { id: driver.id, name: 'Driver drv-2', uniqueId: 'drv-2' }, device: { id: a.id, name: 'Truck a' }, logoutTime: null, unlock: 'queued' });
    expect(Date.now() - Date.parse(state.since)).toBeLessThan(60_000);
    expect(await client.json('GET', '/tarkan/qr-driver')).toMatchObject({ device: { id: a.id }, since: state.since });
    // the owner's map learns it from the live socket
    await live.waitFor((frame) => frame.devices?.find((d) => d.id === a.id && d.attributes['tarkan.qrDriverId'] === driver.id));
    live.close();
    const account = await driverAccount(driver.id);
    const logs = await server.rastro.db.kysely.selectFrom('tc_logs').selectAll().where('deviceId', '=', a.id).execute();
    expect(logs).toContainEqual(expect.objectContaining({ action: 'QR driver check-in', userId: account!.id, objectType: 'drivers', objectId: driver.id }));
    expect(await queued(a.id)).toEqual(['engineResume']);

    // the vehicle speaks: the queued engineResume goes out, its position carries the driver
    const t = Math.floor(Date.now() / 1000);
    const reply = await reportOsmAnd(server.osmand, { id: a.uniqueId, lat: -23.5, lon: -46.6, timestamp: t - 20 });
    expect([reply.status, await reply.text()]).toEqual([200, 'engineResume']);
    expect(await queued(a.id)).toEqual([]);
    let [latest] = await owner.json('GET', `/api/positions?deviceId=${a.id}`);
    expect(latest.attributes.driverUniqueId).toBe('drv-2');
    // a driver the device reports itself wins
    await reportOsmAnd(server.osmand, { id: a.uniqueId, lat: -23.5, lon: -46.601, timestamp: t - 10, driverUniqueId: 'card-77' });
    [latest] = await owner.json('GET', `/api/positions?deviceId=${a.id}`);
    expect(latest.attributes.driverUniqueId).toBe('card-77');
    const events = await server.rastro.db.kysely.selectFrom('tc_events').select(['type', 'attributes']).where('deviceId', '=', a.id).where('type', '=', 'driverChanged').execute();
    expect(events.map((e) => JSON.parse(e.attributes).driverUniqueId)).toEqual(['drv-2', 'card-77']);

    // the owner editing the device does not lose the check-in
    const device = await owner.json('GET', `/api/devices/${a.id}`);
    await owner.json('PUT', `/api/devices/${a.id}`, { ...device, attributes: { plate: 'ABC-a' } });
    expect(await deviceAttributes(a.id)).toMatchObject({ 'tarkan.qrDriverId': driver.id, plate: 'ABC-a' });

    const out = await client.json('POST', '/tarkan/qr-driver', { id: 0 });
    expect(out).toMatchObject({ device: null, since: null });
    expect(await deviceAttributes(a.id)).toEqual({ plate: 'ABC-a' });
    const outLog = await server.rastro.db.kysely.selectFrom('tc_logs').selectAll().where('deviceId', '=', a.id).where('action', '=', 'QR driver check-out').execute();
    expect(outLog.map((l) => JSON.parse(l.data!))).toEqual([{ reason: 'driver' }]);
    await reportOsmAnd(server.osmand, { id: a.uniqueId, lat: -23.5, lon: -46.602, timestamp: t });
    [latest] = await owner.json('GET', `/api/positions?deviceId=${a.id}`);
    expect(latest.attributes).not.toHaveProperty('driverUniqueId');
  });

  it('moves a driver between vehicles and replaces the driver of a vehicle', async () => {
    const one = await signedInDriver('drv-move-1');
    const two = await signedInDriver('drv-move-2');
    const { a, b } = devices;
    await one.client.json('POST', '/tarkan/qr-driver', { id: a.id });
    await one.client.json('POST', '/tarkan/qr-driver', { id: b.id });
    expect(await deviceAttributes(a.id)).not.toHaveProperty('tarkan.qrDriverId');
    expect(await deviceAttributes(b.id)).toMatchObject({ 'tarkan.qrDriverId': one.driver.id, 'tarkan.qrDriverUniqueId': 'drv-move-1' });

    await two.client.json('POST', '/tarkan/qr-driver', { id: b.id });
    expect((await one.client.json('GET', '/tarkan/qr-driver')).device).toBeNull();
    expect((await two.client.json('GET', '/tarkan/qr-driver')).device).toMatchObject({ id: b.id });
    const replaced = await server.rastro.db.kysely.selectFrom('tc_logs').selectAll().where('deviceId', '=', b.id).where('objectId', '=', one.driver.id).where('action', '=', 'QR driver check-out').execute();
    expect(replaced.map((l) => JSON.parse(l.data!))).toEqual([{ reason: 'replaced' }]);
    await two.client.json('POST', '/tarkan/qr-driver', { id: 0 });
  });

  it('checks out automatically after qrAutoLogoutTimeout, ending the sessions, then locks once after qrLockDeviceTimeout', async () => {
    const { client, driver } = await signedInDriver('drv-timer', {
      'tarkan.qrAutoLogout': true, 'tarkan.qrAutoLogoutTimeout': 30, 'tarkan.qrLockWithoutDriver': true, 'tarkan.qrLockDeviceTimeout': 10,
    });
    const d = devices.d;
    const now = Date.now();
    const state = await client.json('POST', '/tarkan/qr-driver', { id: d.id });
    expect(Date.parse(state.logoutTime) - Date.parse(state.since)).toBe(30 * MINUTE);
    const { qrCheckins } = server.rastro;

    await qrCheckins.sweep(now + 29 * MINUTE);
    expect((await client.json('GET', '/tarkan/qr-driver')).device).toMatchObject({ id: d.id });
    await qrCheckins.sweep(now + 31 * MINUTE);
    expect((await client.request('GET', '/tarkan/qr-driver')).status).toBe(401);
    const attributes = await deviceAttributes(d.id);
    expect(attributes).not.toHaveProperty('tarkan.qrDriverId');
    expect(Date.parse(attributes['tarkan.qrLockTime'] as string)).toBe(now + 41 * MINUTE);
    const logs = await server.rastro.db.kysely.selectFrom('tc_logs').selectAll().where('deviceId', '=', d.id).where('objectId', '=', driver.id).execute();
    expect(logs.map((l) => [l.action, JSON.parse(l.data!)])).toContainEqual(['QR driver check-out', { reason: 'autoLogout' }]);

    await qrCheckins.sweep(now + 40 * MINUTE);
    expect(await queued(d.id)).toEqual([]);
    // two nodes sweeping at once: the compare-and-swap lets exactly one send the lock
    await Promise.all([qrCheckins.sweep(now + 42 * MINUTE), qrCheckins.sweep(now + 42 * MINUTE)]);
    expect(await queued(d.id)).toEqual(['engineStop']);
    await qrCheckins.sweep(now + 60 * MINUTE);
    expect(await queued(d.id)).toEqual(['engineStop']);
    expect(await deviceAttributes(d.id)).not.toHaveProperty('tarkan.qrLockTime');
  });

  it('does not lock a vehicle a driver took before the lock was due', async () => {
    const leaving = await signedInDriver('drv-leave', { 'tarkan.qrLockWithoutDriver': true, 'tarkan.qrLockDeviceTimeout': 5 });
    const coming = await signedInDriver('drv-come');
    const e = devices.e;
    const now = Date.now();
    await leaving.client.json('POST', '/tarkan/qr-driver', { id: e.id });
    await leaving.client.json('POST', '/tarkan/qr-driver', { id: 0 });
    expect(await deviceAttributes(e.id)).toHaveProperty('tarkan.qrLockTime');
    await coming.client.json('POST', '/tarkan/qr-driver', { id: e.id });
    await server.rastro.qrCheckins.sweep(now + 60 * MINUTE);
    expect(await queued(e.id)).toEqual([]);
    await coming.client.json('POST', '/tarkan/qr-driver', { id: 0 });
  });

  it('with QR drivers switched off on the server: no check-in, check-out still works, a due lock is dropped', async () => {
    const { client } = await signedInDriver('drv-off', { 'tarkan.qrLockWithoutDriver': true, 'tarkan.qrLockDeviceTimeout': 5 });
    const e = devices.e;
    const now = Date.now();
    await client.json('POST', '/tarkan/qr-driver', { id: e.id });
    await switchQrDrivers(false);
    try {
      const refused = await client.request('POST', '/tarkan/qr-driver', { id: devices.a.id });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('QR driver check-in is disabled');
      expect((await client.json('GET', '/tarkan/qr-driver')).device).toMatchObject({ id: e.id });
      // leaving the vehicle is always possible, and sets the lock as usual…
      expect((await client.json('POST', '/tarkan/qr-driver', { id: 0 })).device).toBeNull();
      expect(await deviceAttributes(e.id)).toHaveProperty('tarkan.qrLockTime');
      // …but a lock falling due while the switch is off is dropped, not sent then or later
      await server.rastro.qrCheckins.sweep(now + 10 * MINUTE);
      expect(await deviceAttributes(e.id)).not.toHaveProperty('tarkan.qrLockTime');
      await switchQrDrivers(true);
      await server.rastro.qrCheckins.sweep(now + 20 * MINUTE);
      expect(await queued(e.id)).toEqual([]);
    } finally {
      await switchQrDrivers(true);
    }
  });

  it('disabling QR or deleting the driver ends the account, its sessions and its check-in', async () => {
    const { client, driver } = await signedInDriver('drv-end');
    const f = devices.f;
    await client.json('POST', '/tarkan/qr-driver', { id: f.id });
    const off = await owner.json('PUT', `/api/drivers/${driver.id}`, { ...driver, attributes: { ...driver.attributes, 'tarkan.qrEnable': false } });
    expect(off.attributes['tarkan.qrEnable']).toBe(false);
    expect((await client.request('GET', '/tarkan/qr-driver')).status).toBe(401);
    const disabled = await new Client(server.base).form('/api/session', { email: 'drv-end-login', password: 'secret-pw' });
    expect([disabled.status, await disabled.text()]).toEqual([400, 'User is disabled']);
    expect(await deviceAttributes(f.id)).not.toHaveProperty('tarkan.qrDriverId');

    // enabled again without a password: the old one still works
    await owner.json('PUT', `/api/drivers/${driver.id}`, { ...driver, attributes: { ...driver.attributes, 'tarkan.qrEnable': true } });
    const again = await Client.login(server.base, 'drv-end-login', 'secret-pw');
    await again.json('POST', '/tarkan/qr-driver', { id: f.id });

    expect((await owner.request('DELETE', `/api/drivers/${driver.id}`)).status).toBe(204);
    expect(await driverAccount(driver.id)).toBeUndefined();
    expect((await again.request('GET', '/tarkan/qr-driver')).status).toBe(401);
    expect((await new Client(server.base).form('/api/session', { email: 'drv-end-login', password: 'secret-pw' })).status).toBe(401);
    expect(await deviceAttributes(f.id)).not.toHaveProperty('tarkan.qrDriverId');
  });
});
