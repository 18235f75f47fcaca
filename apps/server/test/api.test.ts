import { describe, expect, it } from 'vitest';
import { ADMIN, Client, LiveClient, postgresAvailable, reportOsmAnd, type Dialect, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(dialects)('Traccar API on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });

  const newUser = async (fields: Record<string, unknown>) =>
    admin.json('POST', '/api/users', { name: 'Someone', password: 'pass1234', ...fields });
  const newDevice = async (client: Client, uniqueId: string, extra: Record<string, unknown> = {}) =>
    client.json('POST', '/api/devices', { name: `Vehicle ${uniqueId}`, uniqueId, ...extra });

  describe('server and session', () => {
    it('serves server info publicly with the licence headers', async () => {
      const response = await fetch(`${server.base}/api/server`);
      expect(response.status).toBe(200);
      expect(response.headers.get('licensemode')).toBe('plus');
      expect(response.headers.get('devicelimit')).toBe('0');
      const body = await response.json();
      expect(body).toMatchObject({ version: '1.12.7', registration: false, newServer: false });
    });

    it('signs in with the form, keeps a JSESSIONID cookie and signs out', async () => {
      const anonymous = new Client(server.base);
      expect((await anonymous.request('GET', '/api/session')).status).toBe(404);
      expect((await anonymous.form('/api/session', { email: ADMIN.email, password: 'wrong' })).status).toBe(401);
      // login is case-insensitive on the e-mail, as in Traccar
      const ok = await anonymous.form('/api/session', { email: ADMIN.email.toUpperCase(), password: ADMIN.password });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('set-cookie')).toMatch(/JSESSIONID=[^;]+; .*HttpOnly/i);
      const user = await ok.json();
      expect(user).toMatchObject({ email: ADMIN.email, administrator: true, password: null });
      expect(user).not.toHaveProperty('hashedPassword');
      expect((await anonymous.json('GET', '/api/session')).email).toBe(ADMIN.email);
      expect((await anonymous.request('DELETE', '/api/session')).status).toBe(204);
      expect((await anonymous.request('GET', '/api/session')).status).toBe(404);
    });

    it('rejects an empty login form with a clear 400', async () => {
      const response = await new Client(server.base).form('/api/session', { email: '', password: '' });
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/email is required/);
    });

    it('issues bearer tokens that authenticate requests and open sessions', async () => {
      const token = await (await admin.form('/api/session/token', {})).text();
      expect(token.length).toBeGreaterThan(20);
      const devices = await fetch(`${server.base}/api/devices`, { headers: { authorization: `Bearer ${token}` } });
      expect(devices.status).toBe(200);
      const viaToken = new Client(server.base);
      expect((await viaToken.json('GET', `/api/session?token=${encodeURIComponent(token)}`)).email).toBe(ADMIN.email);
      expect(viaToken.cookie).toMatch(/JSESSIONID=/);
      expect((await fetch(`${server.base}/api/devices`, { headers: { authorization: 'Bearer nonsense' } })).status).toBe(401);
      await admin.form('/api/session/token/revoke', { token });
      expect((await fetch(`${server.base}/api/devices`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    });

    it('refuses disabled and expired users with Traccar messages', async () => {
      await newUser({ name: 'Disabled', email: 'disabled@example.com', disabled: true });
      await newUser({ name: 'Expired', email: 'expired@example.com', expirationTime: '2020-01-01T00:00:00Z' });
      const c = new Client(server.base);
      const disabled = await c.form('/api/session', { email: 'disabled@example.com', password: 'pass1234' });
      expect([disabled.status, await disabled.text()]).toEqual([400, 'User is disabled']);
      const expired = await c.form('/api/session', { email: 'expired@example.com', password: 'pass1234' });
      expect([expired.status, await expired.text()]).toEqual([400, 'User has expired']);
    });

    it('only lets administrators change server settings', async () => {
      const current = await admin.json('GET', '/api/server');
      const updated = await admin.json('PUT', '/api/server', { ...current, registration: true, attributes: { 'web.selectZoom': 17 } });
      expect(updated).toMatchObject({ registration: true, attributes: { 'web.selectZoom': 17 } });
      await newUser({ name: 'Regular', email: 'regular-server@example.com' });
      const regular = await Client.login(server.base, 'regular-server@example.com', 'pass1234');
      const denied = await regular.request('PUT', '/api/server', current);
      expect([denied.status, await denied.text()]).toEqual([400, 'Administrator access required']);
      await admin.json('PUT', '/api/server', { ...current, registration: false });
    });
  });

  describe('devices, validation and visibility', () => {
    it('creates, updates and deletes a device, linking it to its creator', async () => {
      const device = await newDevice(admin, 'crud-1', { category: 'truck', attributes: { plate: 'ABC1D23' } });
      expect(device).toMatchObject({ name: 'Vehicle crud-1', uniqueId: 'crud-1', category: 'truck', status: null, attributes: { plate: 'ABC1D23' } });
      const updated = await admin.json('PUT', `/api/devices/${device.id}`, { ...device, name: 'Renamed' });
      expect(updated.name).toBe('Renamed');
      expect((await admin.json('GET', '/api/devices')).some((d: { id: number }) => d.id === device.id)).toBe(true);
      expect((await admin.request('DELETE', `/api/devices/${device.id}`)).status).toBe(204);
      expect((await admin.json('GET', '/api/devices')).some((d: { id: number }) => d.id === device.id)).toBe(false);
    });

    it('rejects bad device bodies with a 400 and creates nothing', async () => {
      const before = (await admin.json<unknown[]>('GET', '/api/devices')).length;
      for (const body of [{ uniqueId: 'no-name' }, { name: 'No id' }, { name: 'x', uniqueId: 'y', bogus: 1 }, '{"name":']) {
        const response = await admin.request('POST', '/api/devices', body);
        expect(response.status).toBe(400);
        expect(await response.text()).not.toMatch(/at .*\.ts/);
      }
      await newDevice(admin, 'dup-1');
      const duplicate = await admin.request('POST', '/api/devices', { name: 'Dup', uniqueId: 'dup-1' });
      expect([duplicate.status, await duplicate.text()]).toEqual([400, 'Device identifier already in use']);
      expect((await admin.json('GET', '/api/devices')).length).toBe(before + 1);
      expect((await admin.request('GET', '/api/devices?id=abc')).status).toBe(400);
    });

    it('shows users only what is linked to them, directly or through groups', async () => {
      const user = await newUser({ name: 'Viewer', email: 'viewer@example.com' });
      const viewer = await Client.login(server.base, 'viewer@example.com', 'pass1234');
      const direct = await newDevice(admin, 'vis-direct');
      const group = await admin.json('POST', '/api/groups', { name: 'Frota Sul' });
      const child = await admin.json('POST', '/api/groups', { name: 'Frota Sul / Motos', groupId: group.id });
      await newDevice(admin, 'vis-grouped', { groupId: child.id });
      expect(await viewer.json('GET', '/api/devices')).toEqual([]);
      expect((await viewer.request('GET', `/api/devices/${direct.id}`)).status).toBe(400);

      expect((await admin.request('POST', '/api/permissions', { userId: user.id, deviceId: direct.id })).status).toBe(204);
      expect((await viewer.json('GET', '/api/devices')).map((d: { uniqueId: string }) => d.uniqueId)).toEqual(['vis-direct']);

      await admin.json('POST', '/api/permissions', { userId: user.id, groupId: group.id });
      const ids = (await viewer.json('GET', '/api/devices')).map((d: { uniqueId: string }) => d.uniqueId).sort();
      expect(ids).toEqual(['vis-direct', 'vis-grouped']);
      expect((await viewer.json('GET', '/api/groups')).map((g: { name: string }) => g.name)).toEqual(['Frota Sul', 'Frota Sul / Motos']);

      // a regular user cannot link himself to what he does not see
      const hidden = await newDevice(admin, 'vis-hidden');
      const denied = await viewer.request('POST', '/api/permissions', { userId: user.id, deviceId: hidden.id });
      expect([denied.status, await denied.text()]).toEqual([400, 'Device access denied']);

      await admin.request('DELETE', '/api/permissions', { userId: user.id, deviceId: direct.id });
      expect((await viewer.json('GET', '/api/devices')).map((d: { uniqueId: string }) => d.uniqueId)).toEqual(['vis-grouped']);
      // administrators list everything only when asking for it
      expect((await admin.json('GET', '/api/devices?all=true')).length).toBeGreaterThanOrEqual(3);
    });

    it('enforces readonly, deviceReadonly and the device limit', async () => {
      await newUser({ name: 'Read Only', email: 'ro@example.com', readonly: true });
      await newUser({ name: 'Device RO', email: 'dro@example.com', deviceReadonly: true });
      await newUser({ name: 'Limited', email: 'limited@example.com', deviceLimit: 1 });
      for (const email of ['ro@example.com', 'dro@example.com']) {
        const client = await Client.login(server.base, email, 'pass1234');
        const response = await client.request('POST', '/api/devices', { name: 'Nope', uniqueId: `nope-${email}` });
        expect([response.status, await response.text()]).toEqual([400, 'Write access denied']);
      }
      const limited = await Client.login(server.base, 'limited@example.com', 'pass1234');
      await newDevice(limited, 'limit-1');
      const second = await limited.request('POST', '/api/devices', { name: 'Second', uniqueId: 'limit-2' });
      expect([second.status, await second.text()]).toEqual([400, 'User device limit reached']);
    });

    it('lets managers create users up to their userLimit, and regular users none', async () => {
      await newUser({ name: 'Manager', email: 'manager@example.com', userLimit: 1 });
      const manager = await Client.login(server.base, 'manager@example.com', 'pass1234');
      const sub = await manager.json('POST', '/api/users', { name: 'Sub User', email: 'sub@example.com', password: 'pass1234', administrator: true });
      expect(sub.administrator).toBe(false);
      expect((await manager.json('GET', '/api/users')).map((u: { email: string }) => u.email)).toEqual(['sub@example.com']);
      const over = await manager.request('POST', '/api/users', { name: 'Too Many', email: 'over@example.com', password: 'pass1234' });
      expect([over.status, await over.text()]).toEqual([400, 'Manager user limit reached']);
      const subClient = await Client.login(server.base, 'sub@example.com', 'pass1234');
      const denied = await subClient.request('POST', '/api/users', { name: 'Nope', email: 'nope@example.com', password: 'pass1234' });
      expect([denied.status, await denied.text()]).toEqual([400, 'Manager access required']);
      // a user never promotes himself
      const self = await subClient.json('GET', '/api/session');
      const promoted = await subClient.json('PUT', `/api/users/${self.id}`, { ...self, administrator: true, userLimit: -1 });
      expect(promoted).toMatchObject({ administrator: false, userLimit: 0 });
      const duplicate = await admin.request('POST', '/api/users', { name: 'Dup', email: 'SUB@example.com', password: 'pass1234' });
      expect([duplicate.status, await duplicate.text()]).toEqual([400, 'User duplicate']);
    });

    it('lists geofences linked to the user (Home Assistant reads them)', async () => {
      const geofence = await admin.json('POST', '/api/geofences', { name: 'Garagem', area: 'CIRCLE (-23.55 -46.63, 150)' });
      expect((await admin.json('GET', '/api/geofences')).map((g: { id: number }) => g.id)).toContain(geofence.id);
      const bad = await admin.request('POST', '/api/geofences', { name: '', area: 'CIRCLE (0 0, 1)' });
      expect([bad.status, await bad.text()]).toEqual([400, 'Invalid request: name: Field name is required.']);
    });
  });

  describe('positions from a device to the API and the live socket', () => {
    it('stores OsmAnd positions and answers latest and history queries', async () => {
      const device = await newDevice(admin, 'osm-1');
      const unknown = await reportOsmAnd(server.osmand, { id: 'not-registered', lat: 1, lon: 1 });
      expect(unknown.status).toBe(400);
      const t0 = Math.floor(Date.now() / 1000) - 60;
      expect((await reportOsmAnd(server.osmand, { id: 'osm-1', lat: -23.561, lon: -46.656, speed: 20, timestamp: t0, batt: 80 })).status).toBe(200);
      expect((await reportOsmAnd(server.osmand, { id: 'osm-1', lat: -23.562, lon: -46.655, speed: 25, timestamp: t0 + 10 })).status).toBe(200);

      const [latest] = await admin.json('GET', `/api/positions?deviceId=${device.id}`);
      expect(latest).toMatchObject({ deviceId: device.id, protocol: 'osmand', latitude: -23.562, longitude: -46.655, speed: 25, valid: true });
      expect(latest.attributes.motion).toBe(true);
      expect(latest.attributes.distance).toBeGreaterThan(100);
      expect(latest.attributes.totalDistance).toBe(latest.attributes.distance);
      expect(latest.fixTime).toBe(new Date((t0 + 10) * 1000).toISOString().replace('Z', '+00:00'));

      const from = new Date((t0 - 1) * 1000).toISOString();
      const to = new Date((t0 + 11) * 1000).toISOString();
      const history = await admin.json('GET', `/api/positions?deviceId=${device.id}&from=${from}&to=${to}`);
      expect(history.map((p: { latitude: number }) => p.latitude)).toEqual([-23.561, -23.562]);
      expect((await admin.request('GET', `/api/positions?deviceId=${device.id}&from=yesterday&to=${to}`)).status).toBe(400);

      const byId = await admin.json('GET', `/api/positions?id=${history[0].id}&id=${history[1].id}`);
      expect(byId).toHaveLength(2);
      const [refreshed] = await admin.json('GET', `/api/devices?id=${device.id}`);
      expect(refreshed).toMatchObject({ status: 'online', positionId: latest.id });
    });

    it('lists every latest position, the newest after each report (the list is read through a cache)', async () => {
      const first = await newDevice(admin, 'osm-latest-1');
      const second = await newDevice(admin, 'osm-latest-2');
      const t0 = Math.floor(Date.now() / 1000) - 30;
      await reportOsmAnd(server.osmand, { id: 'osm-latest-1', lat: -22.9, lon: -43.2, timestamp: t0 });
      await reportOsmAnd(server.osmand, { id: 'osm-latest-2', lat: -22.8, lon: -43.1, timestamp: t0 });
      const latitudes = async () => {
        const response = await admin.request('GET', '/api/positions');
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        const list = (await response.json()) as { deviceId: number; latitude: number }[];
        expect(new Set(list.map((p) => p.deviceId)).size).toBe(list.length);
        return Object.fromEntries(list.filter((p) => [first.id, second.id].includes(p.deviceId)).map((p) => [p.deviceId, p.latitude]));
      };
      expect(await latitudes()).toEqual({ [first.id]: -22.9, [second.id]: -22.8 });
      // listed from memory, written exactly as the stored row reads back
      const listed = (await admin.json<{ deviceId: number; id: number }[]>('GET', '/api/positions')).find((p) => p.deviceId === first.id)!;
      expect(await admin.json('GET', `/api/positions?id=${listed.id}`)).toEqual([listed]);
      // read again: from the cache, the same
      expect(await latitudes()).toEqual({ [first.id]: -22.9, [second.id]: -22.8 });
      await reportOsmAnd(server.osmand, { id: 'osm-latest-1', lat: -22.95, lon: -43.2, timestamp: t0 + 10 });
      expect(await latitudes()).toEqual({ [first.id]: -22.95, [second.id]: -22.8 });
      // a deleted device's position is no longer listed
      expect((await admin.request('DELETE', `/api/devices/${second.id}`)).status).toBe(204);
      expect(await latitudes()).toEqual({ [first.id]: -22.95 });
    });

    it('pushes devices and positions only to users who see the device', async () => {
      const watched = await newDevice(admin, 'live-1');
      const other = await newDevice(admin, 'live-2');
      const user = await newUser({ name: 'Other Viewer', email: 'other-viewer@example.com' });
      await admin.json('POST', '/api/permissions', { userId: user.id, deviceId: other.id });
      const otherClient = await Client.login(server.base, 'other-viewer@example.com', 'pass1234');

      const adminSocket = admin.socket();
      const otherSocket = otherClient.socket();
      await Promise.all([adminSocket.opened, otherSocket.opened]);
      await adminSocket.waitFor((f) => (Array.isArray(f.positions) ? true : undefined)); // the opening frame

      await reportOsmAnd(server.osmand, { id: 'live-1', lat: -23.5, lon: -46.6 });
      const pushed = await adminSocket.waitFor((f) => f.positions?.find((p: { deviceId: number }) => p.deviceId === watched.id));
      expect(pushed).toMatchObject({ latitude: -23.5, longitude: -46.6 });
      const status = await adminSocket.waitFor((f) => f.devices?.find((d: { id: number }) => d.id === watched.id));
      expect(status.status).toBe('online');

      await reportOsmAnd(server.osmand, { id: 'live-2', lat: -22.9, lon: -43.2 });
      await otherSocket.waitFor((f) => f.positions?.find((p: { deviceId: number }) => p.deviceId === other.id));
      const leaked = otherSocket.frames.some((f) =>
        [...(f.positions ?? []), ...(f.devices ?? [])].some((x: { deviceId?: number; id?: number }) => (x.deviceId ?? x.id) === watched.id));
      expect(leaked).toBe(false);
      adminSocket.close();
      otherSocket.close();
    });

    it('opens the socket with the latest positions, live frames after them', async () => {
      const device = await newDevice(admin, 'live-opening');
      await reportOsmAnd(server.osmand, { id: 'live-opening', lat: -23.4, lon: -46.5 });
      await expect.poll(async () => (await admin.json<unknown[]>('GET', `/api/positions?deviceId=${device.id}`)).length).toBe(1);

      const socket = admin.socket();
      const opening = await socket.waitFor((f) => f.positions);
      expect(opening.find((p: { deviceId: number }) => p.deviceId === device.id)).toMatchObject({ latitude: -23.4, longitude: -46.5 });
      await reportOsmAnd(server.osmand, { id: 'live-opening', lat: -23.41, lon: -46.51 });
      const moved = await socket.waitFor((f) => (f.positions?.length === 1 ? f.positions.find((p: { deviceId: number }) => p.deviceId === device.id) : undefined));
      expect(moved).toMatchObject({ latitude: -23.41 });
      // the opening frame came first
      expect(socket.frames.findIndex((f) => f.positions)).toBe(0);
      socket.close();
    });

    it('serves a Home Assistant style client: bearer token on REST and on the socket', async () => {
      const token = await (await admin.form('/api/session/token', {})).text();
      const headers = { authorization: `Bearer ${token}` };
      for (const path of ['/api/server', '/api/devices', '/api/positions', '/api/geofences']) {
        expect((await fetch(`${server.base}${path}`, { headers })).status, path).toBe(200);
      }
      const from = new Date(Date.now() - 3600_000).toISOString();
      const to = new Date().toISOString();
      expect((await fetch(`${server.base}/api/reports/events?from=${from}&to=${to}&type=allEvents`, { headers })).status).toBe(200);
      const socket = new LiveClient(`${server.base.replace('http', 'ws')}/api/socket`, headers);
      await socket.opened;
      await socket.waitFor((f) => (Array.isArray(f.positions) ? true : undefined));
      socket.close();
    });

    it('refuses the live socket without a session', async () => {
      const anonymous = new Client(server.base).socket();
      await expect(anonymous.opened).rejects.toThrow(/401/);
    });
  });
});
