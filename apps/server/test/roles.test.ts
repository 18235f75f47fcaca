import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Client, withServer } from './harness.ts';

/**
 * What each role may and may not do in each management area (issue 6, spec §6, Traccar's rules
 * in the reference notes), proven against the real server: every role tries to create, change
 * and delete an object of every area, and the answers are compared with the rule table below.
 */

const ics = Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:r', 'DTSTART:20240101T080000Z',
  'DTEND:20240101T180000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')).toString('base64');

/** One object per area: the collection path and a valid new object (a unique suffix keeps ids apart). */
const AREAS: Record<string, (n: string) => [string, Record<string, unknown>]> = {
  devices: (n) => ['/api/devices', { name: `Veículo ${n}`, uniqueId: `role-${n}` }],
  groups: (n) => ['/api/groups', { name: `Grupo ${n}` }],
  geofences: (n) => ['/api/geofences', { name: `Cerca ${n}`, area: 'CIRCLE (-23.55 -46.63, 300)' }],
  drivers: (n) => ['/api/drivers', { name: `Motorista ${n}`, uniqueId: `drv-${n}` }],
  calendars: (n) => ['/api/calendars', { name: `Turno ${n}`, data: ics }],
  maintenance: (n) => ['/api/maintenance', { name: `Óleo ${n}`, type: 'totalDistance', start: 0, period: 10_000_000 }],
  notifications: (n) => ['/api/notifications', { type: 'deviceOnline', notificators: 'web', always: false, description: n }],
  commands: (n) => ['/api/commands', { description: `Bloquear ${n}`, type: 'engineStop', attributes: {} }],
  computed: (n) => ['/api/attributes/computed', { description: `Vel ${n}`, attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' }],
};
type Area = keyof typeof AREAS;

type Role = 'administrator' | 'manager' | 'regular' | 'readonly' | 'deviceReadonly' | 'limitCommands' | 'shared';

const ALL = Object.keys(AREAS);
/** Computed attributes stay with administrators, as in Traccar (unless advanced permissions grant them). */
const USER_AREAS = ALL.filter((a) => a !== 'computed');

/** The rule table: which areas a role may write, and the message it gets where it may not. */
const WRITES: Record<Role, { allowed: Area[]; denied: (area: Area) => string }> = {
  administrator: { allowed: ALL, denied: () => '' },
  manager: { allowed: USER_AREAS, denied: () => 'Administrator access required' },
  regular: { allowed: USER_AREAS, denied: () => 'Administrator access required' },
  readonly: { allowed: [], denied: (a) => (a === 'computed' ? 'Administrator access required' : 'Write access denied') },
  deviceReadonly: {
    allowed: USER_AREAS.filter((a) => a !== 'devices'),
    denied: (a) => (a === 'computed' ? 'Administrator access required' : 'Write access denied'),
  },
  limitCommands: {
    allowed: USER_AREAS.filter((a) => a !== 'commands'),
    denied: (a) => (a === 'computed' ? 'Administrator access required' : 'Write access denied'),
  },
  shared: { allowed: [], denied: (a) => (a === 'computed' ? 'Administrator access required' : 'Write access denied') },
};

describe('what each role may do in each area (spec §6)', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  const clients = new Map<Role, Client>();
  const users = new Map<Role, number>();
  let sharedDeviceId = 0;

  beforeAll(async () => {
    clients.set('administrator', admin);
    const flags: Record<Exclude<Role, 'administrator' | 'shared'>, Record<string, unknown>> = {
      manager: { userLimit: 5 },
      regular: {},
      readonly: { readonly: true },
      deviceReadonly: { deviceReadonly: true },
      limitCommands: { limitCommands: true },
    };
    for (const [role, extra] of Object.entries(flags) as [Role, Record<string, unknown>][]) {
      const email = `${role.toLowerCase()}@roles.test`;
      const user = await admin.json('POST', '/api/users', { name: `Role ${role}`, email, password: 'pass1234', ...extra });
      users.set(role, user.id);
      // every role already has a device of its own to work on
      const device = await admin.json('POST', '/api/devices', { name: `Frota ${role}`, uniqueId: `own-${role}` });
      await admin.json('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
      clients.set(role, await Client.login(server.base, email, 'pass1234'));
    }
    const device = await admin.json('POST', '/api/devices', { name: 'Compartilhado', uniqueId: 'own-shared' });
    sharedDeviceId = device.id;
    const share = await admin.json('POST', '/tarkan/shares', { deviceId: device.id, expiration: new Date(Date.now() + 3_600_000).toISOString() });
    const visitor = new Client(server.base);
    await visitor.json('GET', `/api/session?token=${encodeURIComponent(share.token)}`);
    clients.set('shared', visitor);
  });

  const roles = Object.keys(WRITES) as Role[];

  it.each(roles)('%s: creates, changes and deletes exactly in the areas the rules allow', async (role) => {
    const client = clients.get(role)!;
    const outcome: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const area of Object.keys(AREAS)) {
      const [path, body] = AREAS[area](`${role}-${area}`);
      const allowed = WRITES[role].allowed.includes(area);
      expected[area] = allowed ? 'created, changed, deleted' : `refused: ${WRITES[role].denied(area)}`;
      const created = await client.request('POST', path, body);
      if (created.status !== 200) {
        outcome[area] = `refused: ${await created.text()}`;
        continue;
      }
      const object = (await created.json()) as { id: number };
      const changed = await client.request('PUT', `${path}/${object.id}`, { ...object, ...changeOf(area) });
      const deleted = await client.request('DELETE', `${path}/${object.id}`);
      outcome[area] = changed.status === 200 && deleted.status === 204 ? 'created, changed, deleted' : `partly: ${changed.status}/${deleted.status}`;
    }
    expect(outcome).toEqual(expected);
  });

  it.each(roles)('%s: sees and changes users exactly as far as the rules allow', async (role) => {
    const client = clients.get(role)!;
    const created = await client.request('POST', '/api/users', { name: `Sub ${role}`, email: `sub-${role}@roles.test`, password: 'pass1234' });
    const mayCreate = role === 'administrator' || role === 'manager';
    expect(created.status, await created.clone().text()).toBe(mayCreate ? 200 : 400);
    if (!mayCreate) {
      expect(await created.text()).toBe('Manager access required');
      // and the list of users they manage is empty
      expect(await client.json('GET', '/api/users')).toEqual([]);
    }
    // nobody but an administrator raises a user to administrator, not even himself: the flag is kept
    const self = await client.json('GET', '/api/session');
    const promote = await client.request('PUT', `/api/users/${self.id}`, { ...self, administrator: true, userLimit: -1 });
    if (role !== 'administrator' && promote.status === 200) {
      expect(await promote.json()).toMatchObject({ administrator: false, userLimit: self.userLimit });
    }
    expect((await admin.json('GET', `/api/users/${self.id}`)).administrator).toBe(role === 'administrator');
    // the administrator is out of reach of everybody else
    const adminUser = (await admin.json('GET', '/api/session')).id;
    if (role !== 'administrator') {
      const touch = await client.request('PUT', `/api/users/${adminUser}`, { id: adminUser, name: 'Hacked', email: ADMIN.email });
      expect(touch.status).toBe(400);
    }
  });

  it.each(roles)('%s: server settings, restart and logs are for administrators only', async (role) => {
    const client = clients.get(role)!;
    const settings = await client.json('GET', '/api/server');
    const put = await client.request('PUT', '/api/server', settings);
    const restart = await client.request('POST', '/api/server/restart');
    const userId = users.get('regular')!;
    const logs = await client.request('GET', `/tarkan/users/${userId}/logs`);
    if (role === 'administrator') {
      expect([put.status, logs.status]).toEqual([200, 200]);
    } else {
      expect([put.status, restart.status, logs.status].map((s) => s >= 400)).toEqual([true, true, true]);
    }
  });

  it.each(roles)('%s: engine commands follow limitCommands and readonly (read-only users send nothing)', async (role) => {
    const client = clients.get(role)!;
    const devices = await client.json('GET', '/api/devices');
    const deviceId = role === 'shared' ? sharedDeviceId : devices.find((d: { uniqueId: string }) => d.uniqueId === `own-${role}`)?.id ?? devices[0].id;
    const send = await client.request('POST', '/api/commands/send', { deviceId, type: 'engineStop', attributes: {} });
    // shared links carry the sharer's command limit (web.shareDevice.commands off by default)
    const blocked = role === 'limitCommands' || role === 'shared' || role === 'readonly';
    expect(send.status, await send.clone().text()).toBe(blocked ? 400 : 202);
  });

  it('shared visitors see only the shared device and cannot share it again', async () => {
    const visitor = clients.get('shared')!;
    expect((await visitor.json('GET', '/api/devices')).map((d: { id: number }) => d.id)).toEqual([sharedDeviceId]);
    expect((await visitor.request('POST', '/tarkan/shares', { deviceId: sharedDeviceId, expiration: new Date(Date.now() + 60_000).toISOString() })).status).toBe(400);
    expect(await visitor.json('GET', '/api/users')).toEqual([]);
  });

  it('advanced permissions may open computed attributes to a user, with its test on his own devices only', async () => {
    const { formatPermissions, permissionBit } = await import('@rastro/api');
    const bits = new Array<boolean>(128).fill(false);
    for (const action of ['view', 'create', 'edit', 'delete'] as const) bits[permissionBit('attributes', action)] = true;
    const id = users.get('regular')!;
    const regular = await admin.json('GET', `/api/users/${id}`);
    await admin.json('PUT', `/api/users/${id}`, { ...regular, attributes: { ...regular.attributes, 'tarkan.advancedPerms': formatPermissions(bits) } });
    const settings = await admin.setServerAttributes({ 'tarkan.enableAdvancedPerms': true });
    try {
      const client = clients.get('regular')!;
      const [path, body] = AREAS.computed('granted');
      // the test server runs with the default plus licence
      expect((await fetch(`${server.base}/api/server`)).headers.get('licensemode')).toBe('plus');
      const created = await client.request('POST', path, body);
      expect(created.status, await created.clone().text()).toBe(200);
      const other = await admin.json('POST', '/api/devices', { name: 'Alheio', uniqueId: 'not-mine' });
      const test = await client.request('POST', `/api/attributes/computed/test?deviceId=${other.id}`, body);
      expect([test.status, await test.text()]).toEqual([400, 'Device access denied']);
      // a manager without the bit is still refused
      const denied = await clients.get('manager')!.request('POST', path, { ...body, description: 'no bit' });
      expect([denied.status, await denied.text()]).toEqual([400, 'Administrator access required']);
    } finally {
      await admin.json('PUT', '/api/server', settings);
    }
  });
});

/** A visible change per area for the PUT. */
function changeOf(area: Area): Record<string, unknown> {
  if (area === 'commands' || area === 'computed') return { description: `changed ${area}` };
  if (area === 'notifications') return { always: true };
  return { name: `changed ${area}` };
}
