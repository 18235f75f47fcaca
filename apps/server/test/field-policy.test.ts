import { ADVANCED_PERMISSIONS_KEY, formatPermissions, parsePermissions, permissionBit, type PermissionAction, type PermissionArea } from '@rastro/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import {
  DEVICE_POLICY, USER_POLICY, type DeviceActor, type FieldRule, type FieldType, type Grantor, type ObjectPolicy, type UserActor,
} from '../src/domain/field-policy.ts';
import { ADMIN, Client, postgresAvailable, startTestServer, type Dialect, type TestServer } from './harness.ts';

/**
 * Tests generated from the field policy's tables (domain/field-policy.ts): every field of the
 * user and device tables, for every role, on create and on update, against the real server. The
 * expected outcome comes from a small oracle below that reads each field's declared rule (who may
 * write it, its default, its ceiling, the flag that locks it) and computes the result on its own,
 * so a field added to a table is tested the day it is added; a field of a new type fails here
 * until SAMPLES says what values to try.
 */

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const bits = (...pairs: [PermissionArea, PermissionAction][]) => {
  const list = new Array<boolean>(128).fill(false);
  for (const [area, action] of pairs) list[permissionBit(area, action)] = true;
  return formatPermissions(list);
};
/** What managers hold: users and devices, not geofences, reports or computed attributes. */
const MANAGER_BITS = bits(['users', 'view'], ['users', 'create'], ['users', 'edit'], ['users', 'selfEdit'], ['devices', 'view'], ['devices', 'create'], ['devices', 'edit']);
/** What a regular user holds: his own profile and his devices. */
const SELF_BITS = bits(['users', 'selfEdit'], ['devices', 'view'], ['devices', 'create'], ['devices', 'edit']);
const DAY = 86_400_000;
const now = Date.now();

/** For each field type: a stored value and a different requested one, as stored (flags 1/0 in columns, true/false in attributes). */
const SAMPLES: Record<FieldType, (n: string) => { stored: unknown; requested: unknown }> = {
  flag: () => ({ stored: false, requested: true }),
  integer: () => ({ stored: 7, requested: 9 }),
  number: () => ({ stored: 10, requested: 99.5 }),
  time: () => ({ stored: now + 10 * DAY, requested: now + 400 * DAY }),
  email: (n) => ({ stored: `stored-${n}@policy.test`, requested: `requested-${n}@policy.test` }),
  // stored lower-case by the server
  hostname: (n) => ({ stored: `stored-${n.toLowerCase()}.policy.test`, requested: `requested-${n.toLowerCase()}.policy.test` }),
  text: (n) => ({ stored: `stored-${n}`, requested: `requested-${n}` }),
  // a bit no manager holds (reports) stored; everything requested
  bits: () => ({ stored: formatPermissions(parsePermissions(SELF_BITS).map((b, i) => b || i === permissionBit('reports', 'view'))), requested: 'f'.repeat(32) }),
};

type Place = 'column' | 'attribute';
interface Field<A extends string> { name: string; place: Place; rule: FieldRule<A> }

/** Every field a table declares, attribute families by their example key. */
function fieldsOf<A extends string>(policy: ObjectPolicy<A>): Field<A>[] {
  return [
    ...Object.entries(policy.columns).map(([name, rule]) => ({ name, place: 'column' as const, rule })),
    ...Object.entries(policy.attributes).map(([name, rule]) => ({ name, place: 'attribute' as const, rule })),
    ...Object.values(policy.attributePrefixes).map((rule) => ({ name: rule.example, place: 'attribute' as const, rule })),
  ];
}

/** Storage form of a sample: columns keep flags as 0/1. */
const storage = (place: Place, type: FieldType, value: unknown) => (place === 'column' && type === 'flag' ? (value ? 1 : 0) : value);
/** Wire form for a request body: flags as booleans, times as ISO text. */
const wire = (type: FieldType, value: unknown) => (type === 'time' && typeof value === 'number' ? new Date(value).toISOString() : value);

/** Nobody but the server writes it: such marks are never stored on the caller himself, they would take his own rights away. */
const serverOnly = (rule: FieldRule<string>) => rule.create.length === 0 && rule.update.length === 0;

// ---- the oracle: what the rules say the stored value must be --------------------------------

function allowed<A extends string>(rule: FieldRule<A>, actor: A, op: 'create' | 'update', storedRow: Record<string, unknown>): boolean {
  if (!rule[op].includes(actor)) return false;
  return !(op === 'update' && rule.lockedBy && storedRow[rule.lockedBy] && actor !== 'administrator');
}

function expectedValue<A extends string>(field: Field<A>, actor: A, op: 'create' | 'update', requested: unknown, stored: unknown,
  grantor: Grantor | null, storedRow: Record<string, unknown>): unknown {
  const { rule, place } = field;
  if (!allowed(rule, actor, op, storedRow)) {
    if (op === 'update') return stored;
    if (place === 'attribute') return undefined;
    return rule.default ? rule.default(grantor) : rule.type === 'flag' ? 0 : null;
  }
  if (!grantor || grantor.administrator || !rule.ceiling) return requested;
  if (rule.ceiling === 'grantorBits') {
    // a bit survives if requested and held by the grantor or already by the target
    const own = parsePermissions(grantor.attributes[ADVANCED_PERMISSIONS_KEY]);
    const had = parsePermissions(op === 'update' ? stored : undefined);
    return formatPermissions(parsePermissions(requested).map((bit, i) => bit && (own[i] || had[i])));
  }
  // an expiry no later than the grantor's own, or than the target's current one ("never" is the latest)
  if (grantor.expirationTime === null) return requested;
  if (op === 'update' && stored === null) return requested;
  const ceiling = Math.max(grantor.expirationTime, op === 'update' ? (stored as number) : -Infinity);
  return requested === null || (requested as number) > ceiling ? ceiling : requested;
}

// ---- the roles --------------------------------------------------------------------------------

interface UserRole {
  name: string;
  actor: UserActor;
  /** How the generated requests are answered when the role may not write at all. */
  refused?: string;
  /** Updates act on the caller himself rather than on a user he manages. */
  self?: boolean;
}

const USER_ROLES: UserRole[] = [
  { name: 'administrator', actor: 'administrator' },
  { name: 'manager over his sub-user', actor: 'manager' },
  { name: 'reseller over his customer', actor: 'reseller' },
  { name: 'sub-reseller over his customer', actor: 'subReseller' },
  { name: 'regular user on himself', actor: 'self', self: true },
  { name: 'manager on himself', actor: 'self', self: true },
  { name: 'anonymous sign-up', actor: 'anonymous' },
  { name: 'readonly manager', actor: 'manager', refused: 'Write access denied' },
];

describe.each(dialects)('the field policy, generated from its tables, on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let db: Kysely<Database>;
  const clients = new Map<string, Client>();
  const ids = new Map<string, number>();
  let counter = 0;
  const unique = () => `${dialect}-${++counter}`;

  async function userRow(id: number) {
    return db.selectFrom('tc_users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
  async function grantorOf(role: string): Promise<Grantor | null> {
    const id = ids.get(role);
    if (id === undefined) return null;
    const row = await userRow(id);
    return { administrator: Boolean(row.administrator), deviceLimit: row.deviceLimit, expirationTime: row.expirationTime, attributes: JSON.parse(row.attributes) };
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    db = server.rastro.db.kysely;
    admin = await Client.login(server.base, ADMIN.email, ADMIN.password);
    const settings = await admin.json('GET', '/api/server');
    await admin.json('PUT', '/api/server', { ...settings, registration: true, attributes: { ...settings.attributes, 'tarkan.enableAdvancedPerms': true } });
    clients.set('administrator', admin);
    ids.set('administrator', (await admin.json('GET', '/api/session')).id);
    const managerLike = { userLimit: -1, deviceLimit: 50, expirationTime: new Date(now + 100 * DAY).toISOString() };
    const accounts: Record<string, Record<string, unknown>> = {
      'manager over his sub-user': { ...managerLike, attributes: { [ADVANCED_PERMISSIONS_KEY]: MANAGER_BITS } },
      'reseller over his customer': { ...managerLike, attributes: { [ADVANCED_PERMISSIONS_KEY]: MANAGER_BITS, reseller: true } },
      'sub-reseller over his customer': { ...managerLike, attributes: { [ADVANCED_PERMISSIONS_KEY]: MANAGER_BITS, reseller: true, subReseller: true } },
      'regular user on himself': { attributes: { [ADVANCED_PERMISSIONS_KEY]: SELF_BITS } },
      'manager on himself': { ...managerLike, attributes: { [ADVANCED_PERMISSIONS_KEY]: MANAGER_BITS } },
      'readonly manager': { ...managerLike, readonly: true, attributes: { [ADVANCED_PERMISSIONS_KEY]: MANAGER_BITS } },
    };
    for (const [role, extra] of Object.entries(accounts)) {
      const email = `${role.replaceAll(' ', '-')}-${dialect}@policy.test`;
      const user = await admin.json('POST', '/api/users', { name: role, email, password: 'pass1234', ...extra });
      ids.set(role, user.id);
      clients.set(role, await Client.login(server.base, email, 'pass1234'));
    }
    clients.set('anonymous sign-up', new Client(server.base));
  });
  afterAll(async () => server?.stop());

  const userFields = fieldsOf(USER_POLICY);

  /** The body fields and expected values of one generated request over every field of the table. */
  function requestOver(fields: Field<UserActor>[], n: string) {
    const body: Record<string, unknown> = {};
    const attributes: Record<string, unknown> = {};
    const requested = new Map<string, unknown>();
    for (const field of fields) {
      const sample = SAMPLES[field.rule.type];
      if (!sample) throw new Error(`no sample values for field type ${field.rule.type} (${field.name}): add them to SAMPLES`);
      const value = sample(`${n}-${field.name}`).requested;
      requested.set(field.name, storage(field.place, field.rule.type, value));
      if (field.place === 'column') body[field.name] = wire(field.rule.type, value);
      else attributes[field.name] = value;
    }
    return { body, attributes, requested };
  }

  /** The fields a role's request refuses outright (turning a field on without the right), tested one by one. */
  const refusing = (actor: UserActor, op: 'create' | 'update') =>
    userFields.filter((f) => f.rule.refuseRaise && !f.rule[op].includes(actor));

  it.each(USER_ROLES.filter((r) => !r.self))('users, create: $name', async (role) => {
    const client = clients.get(role.name)!;
    const grantor = await grantorOf(role.name);
    const batch = userFields.filter((f) => !refusing(role.actor, 'create').includes(f));
    const n = unique();
    const { body, attributes, requested } = requestOver(batch, n);
    const response = await client.request('POST', '/api/users', { name: `Created ${n}`, password: 'pass1234', ...body, attributes });
    if (role.refused) {
      expect([response.status, await response.text()]).toEqual([400, role.refused]);
      return;
    }
    expect(response.status, await response.clone().text()).toBe(200);
    const row = await userRow(((await response.json()) as { id: number }).id);
    const stored = JSON.parse(row.attributes);
    const actual: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const field of batch) {
      actual[field.name] = field.place === 'column' ? (row as Record<string, unknown>)[field.name] : stored[field.name];
      expected[field.name] = expectedValue(field, role.actor, 'create', requested.get(field.name), undefined, grantor, {});
    }
    expect(actual).toEqual(expected);

    for (const field of refusing(role.actor, 'create')) {
      const refused = await client.request('POST', '/api/users', {
        name: 'Refused', email: `refused-${unique()}@policy.test`, password: 'pass1234', attributes: { [field.name]: true },
      });
      expect([refused.status, await refused.text()]).toEqual([400, field.rule.refuseRaise]);
    }
  });

  /** The user a role's updates act on: himself, or a user he manages (created by him, or by the administrator for the administrator). */
  async function targetOf(role: UserRole): Promise<number> {
    if (role.self) return ids.get(role.name)!;
    const client = role.name === 'readonly manager' ? admin : clients.get(role.name)!;
    const n = unique();
    const target = await client.json('POST', '/api/users', { name: `Target ${n}`, email: `target-${n}@policy.test`, password: 'pass1234' });
    if (role.name === 'readonly manager') await admin.json('POST', '/api/permissions', { userId: ids.get(role.name), managedUserId: target.id });
    return target.id;
  }

  /** Writes the stored sample of every field straight into the row, as if set earlier by whoever may. */
  async function storeSamples(id: number, fields: Field<UserActor>[], n: string, self: boolean): Promise<Map<string, unknown>> {
    const row = await userRow(id);
    const attributes = new Map(Object.entries(JSON.parse(row.attributes) as Record<string, unknown>));
    const columns: Record<string, unknown> = {};
    const stored = new Map<string, unknown>();
    for (const field of fields) {
      const value = serverOnly(field.rule) && self ? undefined : storage(field.place, field.rule.type, SAMPLES[field.rule.type](`${n}-${field.name}`).stored);
      stored.set(field.name, value);
      if (field.place === 'column') columns[field.name] = value;
      else if (value === undefined) attributes.delete(field.name);
      else attributes.set(field.name, value);
    }
    await db.updateTable('tc_users').set({ ...columns, attributes: JSON.stringify(Object.fromEntries(attributes)) }).where('id', '=', id).execute();
    return stored;
  }

  it.each(USER_ROLES.filter((r) => r.actor !== 'anonymous'))('users, update: $name', async (role) => {
    const client = clients.get(role.name)!;
    const targetId = await targetOf(role);
    const batch = userFields.filter((f) => !refusing(role.actor, 'update').includes(f));
    const n = unique();
    const stored = await storeSamples(targetId, userFields, n, Boolean(role.self));
    const storedRow = await userRow(targetId);
    const grantor = await grantorOf(role.name);
    const current = await (role.refused ? admin : client).json('GET', `/api/users/${targetId}`);
    const { body, attributes, requested } = requestOver(batch, `${n}-new`);
    const response = await client.request('PUT', `/api/users/${targetId}`, { ...current, ...body, attributes: { ...current.attributes, ...attributes } });
    const row = await userRow(targetId);
    if (role.refused) {
      expect([response.status, await response.text()]).toEqual([400, role.refused]);
      expect(row).toEqual(storedRow);
      return;
    }
    expect(response.status, await response.clone().text()).toBe(200);
    const after = JSON.parse(row.attributes);
    const actual: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const field of batch) {
      actual[field.name] = field.place === 'column' ? (row as Record<string, unknown>)[field.name] : after[field.name];
      expected[field.name] = expectedValue(field, role.actor, 'update', requested.get(field.name), stored.get(field.name), grantor, storedRow);
    }
    expect(actual).toEqual(expected);

    for (const field of refusing(role.actor, 'update')) {
      const refused = await client.request('PUT', `/api/users/${targetId}`, { ...current, attributes: { ...current.attributes, [field.name]: true } });
      expect([refused.status, await refused.text()]).toEqual([400, field.rule.refuseRaise]);
      expect(JSON.parse((await userRow(targetId)).attributes)[field.name]).toBe(stored.get(field.name));
    }
  });

  // fields locked by a stored flag (the e-mail by fixedEmail): with the flag on, the same request as the oracle says
  const locked = userFields.filter((f) => f.rule.lockedBy);
  it.each(USER_ROLES.filter((r) => r.actor !== 'anonymous' && !r.refused).flatMap((role) => locked.map((field) => ({ role, field, label: `${field.name} under ${field.rule.lockedBy}: ${role.name}` }))))(
    'users, update, locked field: $label', async ({ role, field }) => {
      const client = clients.get(role.name)!;
      const targetId = await targetOf(role);
      const n = unique();
      const stored = storage(field.place, field.rule.type, SAMPLES[field.rule.type](`${n}-old`).stored);
      await db.updateTable('tc_users').set({ [field.rule.lockedBy!]: 1, [field.name]: stored }).where('id', '=', targetId).execute();
      const storedRow = await userRow(targetId);
      const requested = SAMPLES[field.rule.type](`${n}-new`).requested;
      const current = await client.json('GET', `/api/users/${targetId}`);
      const response = await client.request('PUT', `/api/users/${targetId}`, { ...current, [field.name]: wire(field.rule.type, requested) });
      expect(response.status, await response.clone().text()).toBe(200);
      const expected = expectedValue(field, role.actor, 'update', storage(field.place, field.rule.type, requested), stored, await grantorOf(role.name), storedRow);
      expect((await userRow(targetId) as Record<string, unknown>)[field.name]).toEqual(expected);
      await db.updateTable('tc_users').set({ [field.rule.lockedBy!]: 0 }).where('id', '=', targetId).execute();
    });

  // ---- devices ----

  interface DeviceRole { name: string; actor: DeviceActor; account?: Record<string, unknown>; refused?: string }
  const DEVICE_ROLES: DeviceRole[] = [
    { name: 'administrator', actor: 'administrator' },
    { name: 'manager', actor: 'user', account: { userLimit: 5, attributes: { [ADVANCED_PERMISSIONS_KEY]: MANAGER_BITS } } },
    { name: 'regular user', actor: 'user', account: { attributes: { [ADVANCED_PERMISSIONS_KEY]: SELF_BITS } } },
    { name: 'device-readonly user', actor: 'user', account: { deviceReadonly: true, attributes: { [ADVANCED_PERMISSIONS_KEY]: SELF_BITS } }, refused: 'Write access denied' },
  ];
  const deviceFields = fieldsOf(DEVICE_POLICY);
  const deviceClients = new Map<string, Client>();
  async function deviceClient(role: DeviceRole): Promise<Client> {
    if (role.actor === 'administrator') return admin;
    let client = deviceClients.get(role.name);
    if (!client) {
      const email = `device-${role.name.replaceAll(' ', '-')}-${dialect}@policy.test`;
      await admin.json('POST', '/api/users', { name: role.name, email, password: 'pass1234', ...role.account });
      client = await Client.login(server.base, email, 'pass1234');
      deviceClients.set(role.name, client);
    }
    return client;
  }

  function deviceRequest(n: string) {
    const body: Record<string, unknown> = {};
    const attributes: Record<string, unknown> = { plate: `P-${n}` };
    const requested = new Map<string, unknown>();
    for (const field of deviceFields) {
      const value = SAMPLES[field.rule.type](`${n}-${field.name}`).requested;
      requested.set(field.name, storage(field.place, field.rule.type, value));
      if (field.place === 'column') body[field.name] = wire(field.rule.type, value);
      else attributes[field.name] = value;
    }
    return { body, attributes, requested };
  }
  const deviceRow = (id: number) => db.selectFrom('tc_devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  function compare(row: Awaited<ReturnType<typeof deviceRow>>, expectedOf: (field: Field<DeviceActor>) => unknown) {
    const attributes = JSON.parse(row.attributes);
    const actual: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const field of deviceFields) {
      actual[field.name] = field.place === 'column' ? (row as Record<string, unknown>)[field.name] : attributes[field.name];
      expected[field.name] = expectedOf(field);
    }
    expect(actual).toEqual(expected);
  }

  it.each(DEVICE_ROLES)('devices, create: $name', async (role) => {
    const client = await deviceClient(role);
    const n = unique();
    const { body, attributes, requested } = deviceRequest(n);
    const response = await client.request('POST', '/api/devices', { name: `Veículo ${n}`, uniqueId: `policy-${n}`, ...body, attributes });
    if (role.refused) {
      expect([response.status, await response.text()]).toEqual([400, role.refused]);
      return;
    }
    expect(response.status, await response.clone().text()).toBe(200);
    const row = await deviceRow(((await response.json()) as { id: number }).id);
    compare(row, (field) => expectedValue(field, role.actor, 'create', requested.get(field.name), undefined, null, {}));
  });

  it.each(DEVICE_ROLES)('devices, update: $name', async (role) => {
    const client = await deviceClient(role);
    const n = unique();
    const device = await admin.json('POST', '/api/devices', { name: `Veículo ${n}`, uniqueId: `policy-${n}` });
    if (role.actor !== 'administrator') {
      const session = await client.json('GET', '/api/session');
      await admin.json('POST', '/api/permissions', { userId: session.id, deviceId: device.id });
    }
    const stored = new Map<string, unknown>();
    const attributes: Record<string, unknown> = {};
    const columns: Record<string, unknown> = {};
    for (const field of deviceFields) {
      const value = storage(field.place, field.rule.type, SAMPLES[field.rule.type](`${n}-${field.name}`).stored);
      stored.set(field.name, value);
      if (field.place === 'column') columns[field.name] = value;
      else attributes[field.name] = value;
    }
    await db.updateTable('tc_devices').set({ ...columns, attributes: JSON.stringify(attributes) }).where('id', '=', device.id).execute();
    const storedRow = await deviceRow(device.id);
    const current = await client.json('GET', `/api/devices/${device.id}`);
    const request = deviceRequest(`${n}-new`);
    const response = await client.request('PUT', `/api/devices/${device.id}`, { ...current, ...request.body, attributes: { ...current.attributes, ...request.attributes } });
    if (role.refused) {
      expect([response.status, await response.text()]).toEqual([400, role.refused]);
      expect(await deviceRow(device.id)).toEqual(storedRow);
      return;
    }
    expect(response.status, await response.clone().text()).toBe(200);
    const row = await deviceRow(device.id);
    compare(row, (field) => expectedValue(field, role.actor, 'update', request.requested.get(field.name), stored.get(field.name), null, storedRow));
    // the rest of the save went through
    expect(JSON.parse(row.attributes).plate).toBe(`P-${n}-new`);
  });
});
