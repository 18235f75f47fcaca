import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PermissionAction, PermissionArea } from '@rastro/api';
import { COLLECTION, ENTITY_KINDS, LINK_KEY, newBody, type EntityKind, type Fixtures, type Kind, type Objects } from './fixtures.ts';
import { PNG } from '../uploads.ts';
import { deletedUniqueId } from '../../src/domain/deleted-device.ts';
import { encodeCachedTile } from '../../src/tiles/cache.ts';
import { pmtilesArchive } from '../pmtiles-fixture.ts';
import {
  ADMIN, COMMAND_WRITERS, DEVICE_WRITERS, EVERYONE, MANAGERS, OWNERS, QR_DRIVER, REPORTERS, SHARERS, SIGNED_IN, WRITERS, type Role,
} from './roles.ts';

/** What a request is built from: who calls, his own objects, and the objects it names. */
export interface Target {
  /** The caller's user id (0 when anonymous). */
  self: number;
  own: Objects;
  /** The caller's own objects, or tenant B's. */
  obj: Objects;
  fx: Fixtures;
}

export interface Req {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  form?: Record<string, string>;
  /** A file as the body (uploads), with its content type. */
  raw?: { type: string; data: Buffer | string };
  /** Opened as a WebSocket (the answer is 101, or the refusal's status). */
  socket?: boolean;
}

/** What an answer must be. */
export type Expect = 'allowed' | 'refused' | 'unauthenticated' | 'notFound';

/** One way of calling a route. */
export interface Case {
  name: string;
  /** The object the request names: the matrix calls it with the caller's own and with tenant B's. */
  object?: Kind;
  /** The call uses the object up (delete, cancel, suspend): a new own one is made for each call. */
  fresh?: boolean;
  /** Asked only with tenant B's object (the own variant would be a different, invalid request). */
  only?: 'other';
  /** Traccar filters this list by what the caller sees instead of refusing: `[]` is a refusal too. */
  foreign?: 'emptyList';
  /** Runs as the administrator before an own call (e.g. suspends the customer to be unsuspended). */
  prepare?: (fx: Fixtures, obj: Objects) => Promise<void>;
  /** The request, or null where it does not apply to this caller (he has no such object). */
  build: (t: Target) => Req | null;
}

/**
 * A route's access rule: the roles that may call it on their own objects (2xx), what an
 * anonymous caller gets when he may not (401 unless said), whether the call changes the
 * caller's session (then it gets a session of its own), and the ways it is called.
 */
export interface Rule {
  allow: readonly Role[];
  /**
   * The advanced-permission bit (spec §6) the route is governed by, or NONE: every route must
   * say, so whoever adds one decides (the advanced matrix fails on a rule that does not).
   */
  advanced: Advanced;
  anonymous?: Expect;
  isolated?: boolean;
  cases: Case[];
}

/**
 * A route governed by the bit of an area and action: with `tarkan.enableAdvancedPerms` on, a
 * non-admin without the bit is refused. `self` is the action when the caller acts on himself
 * (users' selfEdit); `opens` marks an area Traccar keeps for administrators that the bit opens.
 */
export interface Governed { area: PermissionArea; action: PermissionAction; self?: PermissionAction; opens?: boolean }
/** Not governed by advanced permissions: the bits change nothing there. */
export const NONE = 'not governed' as const;
export type Advanced = Governed | typeof NONE;
const bit = (area: PermissionArea, action: PermissionAction, self?: PermissionAction, opens?: boolean): Governed =>
  ({ area, action, ...(self ? { self } : {}), ...(opens ? { opens } : {}) });
/** The share bit: anchor and share live together at 24, share being 24 + 1 (spec §6). */
const SHARE = bit('extras', 'create');

const plain = (build: (t: Target) => Req | null = () => ({})): Case => ({ name: 'plain', build });
/** Names the object in the path. */
const inPath = (object: Kind, body?: (t: Target) => unknown, extra: Partial<Case> = {}): Case => ({
  name: `path ${object}`, object, ...extra,
  build: (t) => ({ params: { id: t.obj[object]!.id }, ...(body ? { body: body(t) } : {}) }),
});
/** Names the object in the query: by its id, or by its uniqueId under that key. */
const inQuery = (object: Kind, key: string, extra: Partial<Case> = {}): Case => ({
  name: `?${key}`, object, ...extra, build: (t) => ({ query: { [key]: key === 'uniqueId' ? t.obj[object]!.uniqueId! : t.obj[object]!.id } }),
});
const iso = (ms: number) => new Date(ms).toISOString();
const period = () => ({ from: iso(Date.now() - 86_400_000), to: iso(Date.now() + 3_600_000) });
const inAnHour = () => iso(Date.now() + 3_600_000);
const renamed = (wire: Record<string, unknown>) => ('name' in wire ? { ...wire, name: `${String(wire.name)} (changed)` } : { ...wire, description: 'changed' });

/** The advanced-permission area of each kind; orders have none (nothing governs them). */
const ENTITY_AREAS: Record<Exclude<EntityKind, 'device' | 'group'>, PermissionArea | null> = {
  geofence: 'geofences', driver: 'drivers', calendar: 'calendars', maintenance: 'maintenance', notification: 'notifications',
  command: 'commands', attribute: 'attributes', order: null, report: 'reports',
};
const ENTITY_WRITERS: Record<Exclude<EntityKind, 'device' | 'group'>, readonly Role[]> = {
  geofence: WRITERS, driver: WRITERS, calendar: WRITERS, maintenance: WRITERS, notification: WRITERS,
  command: COMMAND_WRITERS,
  // computed attributes stay with administrators, as in Traccar
  attribute: ADMIN,
  order: WRITERS,
  report: WRITERS,
};
/** Objects that name a calendar (Traccar's Schedulable) or a saved command: the reference must be visible too. */
const REFERENCES: Partial<Record<EntityKind, ('calendar' | 'command')[]>> = {
  geofence: ['calendar'], notification: ['calendar', 'command'], report: ['calendar'],
};
function entityRules(kind: Exclude<EntityKind, 'device' | 'group'>): Record<string, Rule> {
  const path = COLLECTION[kind];
  const writers = ENTITY_WRITERS[kind];
  // lists and reads go by links alone; writes need the area's bit, which opens computed attributes
  const area = ENTITY_AREAS[kind];
  const write = (action: PermissionAction): Advanced => (area ? bit(area, action, undefined, kind === 'attribute') : NONE);
  const referenceCases = (withPath: boolean): Case[] => (REFERENCES[kind] ?? []).map((ref) => ({
    name: `body ${ref}Id`, object: ref,
    build: (t) => {
      if (withPath && !t.own[kind]) return null;
      const base = withPath ? t.own[kind]! : newBody(kind, t.fx.unique('ref'));
      return { ...(withPath ? { params: { id: t.own[kind]!.id } } : {}), body: { ...base, [`${ref}Id`]: t.obj[ref]!.id } };
    },
  }));
  const filters: Case[] = [plain(), inQuery('user', 'userId')];
  if (kind !== 'calendar') filters.push(inQuery('device', 'deviceId'), inQuery('group', 'groupId'));
  const rules: Record<string, Rule> = {
    [`GET ${path}`]: { allow: SIGNED_IN, advanced: NONE, cases: filters },
    [`GET ${path}/:id`]: { allow: SIGNED_IN, advanced: NONE, cases: [inPath(kind)] },
    [`POST ${path}`]: { allow: writers, advanced: write('create'), cases: [plain((t) => ({ body: newBody(kind, t.fx.unique('new')) })), ...referenceCases(false)] },
    [`PUT ${path}/:id`]: { allow: writers, advanced: write('edit'), cases: [inPath(kind, (t) => renamed(t.obj[kind]!)), ...referenceCases(true)] },
    [`DELETE ${path}/:id`]: { allow: writers, advanced: write('delete'), cases: [inPath(kind, undefined, { fresh: true })] },
  };
  // what tenant B linked to the device and group both tenants see stays out of everyone else's lists
  if (kind !== 'calendar') rules[`GET ${path}#common`] = { allow: OWNERS, advanced: NONE, cases: COMMON_FILTERS };
  return rules;
}

const COMMON_FILTERS: Case[] = [
  { name: '?deviceId common', build: (t) => ({ query: { deviceId: t.fx.common.device.id } }) },
  { name: '?groupId common', build: (t) => ({ query: { groupId: t.fx.common.group.id } }) },
];

/** Link bodies for /api/permissions: oneself or the owner to an object, and own devices and groups to objects. */
function permissionCases(fresh: boolean, selfOnly = false): Case[] {
  // only unlinking an own object from oneself uses it up; the other links are not there to begin with
  const link = (name: string, object: Kind, body: (t: Target) => Record<string, number> | null, usesUp = false): Case => ({ name, object, fresh: fresh && usesUp, build: (t) => {
    const b = body(t);
    return b && { body: b };
  } });
  const cases: Case[] = [];
  for (const kind of ENTITY_KINDS) cases.push(link(`self-${kind}`, kind, (t) => ({ userId: t.self, [LINK_KEY[kind]]: t.obj[kind]!.id }), true));
  // the bulk routes share the checks of the single ones: one link of each kind is enough there
  if (selfOnly) return cases;
  // the owner's own link: unlinking it is what would take tenant B's device away
  cases.push(link('owner-device', 'device', (t) => ({ userId: t.obj.owner, deviceId: t.obj.device!.id }), true));
  // devices and groups as the owner end; every property end is already named by the self- links
  // above (one check per key serves every owner), so one property kind stands for the rest here
  cases.push(link('own device-geofence', 'geofence', (t) => t.own.device ? { deviceId: t.own.device.id, geofenceId: t.obj.geofence!.id } : null));
  cases.push(link('own group-geofence', 'geofence', (t) => t.own.group ? { groupId: t.own.group.id, geofenceId: t.obj.geofence!.id } : null));
  // the device both tenants see, where tenant B's geofence is linked: that link is not the caller's to touch
  cases.push(link('common device-geofence', 'geofence', (t) => t.own.device ? { deviceId: t.fx.common.device.id, geofenceId: t.obj.geofence!.id } : null));
  cases.push(link('device-own geofence', 'device', (t) => t.own.geofence ? { deviceId: t.obj.device!.id, geofenceId: t.own.geofence.id } : null));
  cases.push(link('group-own geofence', 'group', (t) => t.own.geofence ? { groupId: t.obj.group!.id, geofenceId: t.own.geofence.id } : null));
  cases.push(link('own device-linked device', 'device', (t) => t.own.device ? { deviceId: t.own.device.id, linkedDeviceId: t.obj.device!.id } : null));
  // giving an own device to another tenant's user (unlinking it would take the caller's own device away)
  if (!fresh) cases.push(link('user-own device', 'user', (t) => t.own.device ? { userId: t.obj.user!.id, deviceId: t.own.device.id } : null));
  return cases;
}

/** Managed users: only managers link them, so that case has its own rule. */
const MANAGED_LINK = (fresh: boolean): Case => ({
  name: 'self-managed user', object: 'user', fresh, build: (t) => ({ body: { userId: t.self, managedUserId: t.obj.user!.id } }),
});

const bulk = (cases: Case[]): Case[] => cases.map((c) => ({ ...c, build: (t) => {
  const req = c.build(t);
  return req && { ...req, body: [req.body] };
} }));

const REPORT_KINDS = ['route', 'events', 'trips', 'stops', 'summary', 'geofences'] as const;
/** Every visible device, a device, a group; each over the last day. */
const reportCases = (): Case[] => [
  plain(),
  inQuery('device', 'deviceId'),
  inQuery('group', 'groupId'),
].map((c) => ({ ...c, build: (t) => {
  const req = c.build(t);
  return req && { ...req, query: { ...req.query, ...period() } };
} }));

const device = (t: Target) => t.obj.device!;
/** Soft-deletes the device in the database, as DELETE /api/devices does with lazy deletion on. */
const softDelete = async (fx: Fixtures, obj: Objects) => {
  const { id, uniqueId } = obj.device!;
  await fx.test.rastro.db.kysely.updateTable('tc_devices').set({ uniqueId: deletedUniqueId(uniqueId!, Date.now()) }).where('id', '=', id).execute();
};
/** Events laid for GET /api/events/:id, by server run and device: the fresh own device's, and tenant B's device's. */
const eventIds = new WeakMap<Fixtures, Map<number, number>>();
const eventsOf = (fx: Fixtures) => eventIds.get(fx) ?? eventIds.set(fx, new Map()).get(fx)!;
const insertEvent = async (fx: Fixtures, deviceId: number) => {
  const [row] = await fx.test.rastro.db.kysely.insertInto('tc_events')
    .values({ type: 'deviceOnline', eventTime: Date.now(), deviceId, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: '{}' })
    .returning('id').execute();
  eventsOf(fx).set(deviceId, row.id);
};
const layEvents = async (fx: Fixtures, obj: Objects) => {
  await insertEvent(fx, obj.device!.id);
  if (!eventsOf(fx).has(fx.victim.device!.id)) await insertEvent(fx, fx.victim.device!.id);
};
const issueQrAccess = async (fx: Fixtures, obj: Objects) => {
  await fx.admin.json('POST', `/tarkan/devices/${obj.device!.id}/qr-access`);
};
const suspend = async (fx: Fixtures, obj: Objects) => {
  // never the caller himself (a non-manager's only user): suspended, he is refused everything after
  if (obj.user!.id === obj.owner) return;
  await fx.admin.json('POST', `/tarkan/billing/customers/${obj.user!.id}/suspend`);
};

/**
 * Every route of the app with its access rule (Traccar's rules, spec §6, docs/architecture.md).
 * The matrix fails on a route missing here, so a new route must say who may call it.
 */
export const RULES: Record<string, Rule> = {
  // session
  'GET /api/session': { allow: [...SIGNED_IN, 'qrDriver'], anonymous: 'notFound', advanced: NONE, cases: [plain()] },
  'POST /api/session': { allow: EVERYONE, isolated: true, advanced: NONE, cases: [plain((t) => ({ form: { ...t.fx.probe } }))] },
  'DELETE /api/session': { allow: EVERYONE, isolated: true, advanced: NONE, cases: [plain()] },
  // a share-link visitor's access ends with the link: he mints no tokens of his own
  'POST /api/session/token': { allow: SHARERS, advanced: NONE, cases: [plain(() => ({ form: {} }))] },
  'POST /api/session/token/revoke': { allow: SIGNED_IN, advanced: NONE, cases: [plain(() => ({ form: { token: 'not-a-token' } }))] },
  // Traccar's "log in as": the caller's session becomes the user's (its own session); a share-link
  // visitor never, a non-manager only as himself (his one user)
  'GET /api/session/:id': { allow: SIGNED_IN.filter((r) => r !== 'shared'), isolated: true, advanced: NONE, cases: [inPath('user')] },
  // OpenID Connect is not configured here: everyone is told so (400), as Traccar does
  'GET /api/session/openid/auth': { allow: [], anonymous: 'refused', advanced: NONE, cases: [plain()] },
  'GET /api/session/openid/callback': { allow: [], anonymous: 'refused', advanced: NONE, cases: [plain(() => ({ query: { code: 'x', state: 'y' } }))] },
  'GET /api/socket': { allow: [...SIGNED_IN, 'qrDriver'], advanced: NONE, cases: [plain(() => ({ socket: true }))] },

  // lost password: public; with no mail integration here, every caller alike is refused
  'POST /api/password/reset': { allow: [], anonymous: 'refused', advanced: NONE, cases: [plain((t) => ({ form: { email: t.fx.probe.email } }))] },
  'POST /api/password/update': { allow: [], anonymous: 'refused', advanced: NONE, cases: [plain(() => ({ form: { token: 'not-a-token', password: 'new-pass-1' } }))] },
  // public, as in Traccar: a new random key, nothing stored (the matrix turns totpEnable on)
  'POST /api/users/totp': { allow: EVERYONE.filter((r) => r !== 'qrDriver'), advanced: NONE, cases: [plain()] },

  // server
  'GET /api/server': { allow: EVERYONE, advanced: NONE, cases: [plain()] },
  'PUT /api/server': { allow: ADMIN, advanced: NONE, cases: [plain((t) => ({ body: t.fx.server }))] },
  'POST /api/server/restart': { allow: ADMIN, advanced: NONE, cases: [plain()] },
  'POST /api/server/reboot': { allow: ADMIN, advanced: NONE, cases: [plain()] },
  'GET /api/server/timezones': { allow: SIGNED_IN, advanced: NONE, cases: [plain()] },
  'GET /api/server/gc': { allow: ADMIN, advanced: NONE, cases: [plain()] },
  'GET /api/server/cache': { allow: ADMIN, advanced: NONE, cases: [plain()] },
  // a file of the web app, served in place of the web app's own
  'POST /api/server/file/:path': { allow: ADMIN, advanced: NONE, cases: [plain(() => ({ params: { path: 'authz.txt' }, raw: { type: 'text/plain', data: 'authz' } }))] },
  // the server's recent log lines and Traccar's daily statistics
  'GET /api/server/logs': { allow: ADMIN, advanced: NONE, cases: [plain()] },
  'GET /api/statistics': { allow: ADMIN, advanced: NONE, cases: [plain(() => ({ query: period() }))] },
  // Traccar's audit log of every change
  'GET /api/audit': { allow: ADMIN, advanced: NONE, cases: [plain(() => ({ query: period() }))] },
  // Traccar's: any signed-in user; answered from the offline place data here (no provider configured)
  'GET /api/server/geocode': { allow: SIGNED_IN, advanced: NONE, cases: [plain(() => ({ query: { latitude: -22.886, longitude: -47.04 } }))] },
  // public; a QR driver's session is walled off from it like from everything else
  'GET /api/health': { allow: EVERYONE.filter((r) => r !== 'qrDriver'), advanced: NONE, cases: [plain()] },

  // users
  'GET /api/users': { allow: SIGNED_IN, advanced: NONE, cases: [plain(), inQuery('user', 'userId')] },
  'GET /api/users/:id': { allow: SIGNED_IN, advanced: NONE, cases: [inPath('user')] },
  // public for registration, which is off: anonymous callers are refused, not unauthenticated
  'POST /api/users': {
    allow: MANAGERS, anonymous: 'refused',
    advanced: bit('users', 'create'), cases: [plain((t) => ({ body: { name: 'New user', email: `${t.fx.unique('new')}@authz.test`, password: 'pass1234' } }))],
  },
  'PUT /api/users/:id': { allow: WRITERS, advanced: bit('users', 'edit', 'selfEdit'), cases: [inPath('user', (t) => renamed(t.obj.user!))] },
  'DELETE /api/users/:id': { allow: MANAGERS, advanced: bit('users', 'delete'), cases: [inPath('user', undefined, { fresh: true })] },

  // devices
  'GET /api/devices': {
    allow: SIGNED_IN,
    advanced: NONE, cases: [plain(), inQuery('user', 'userId'), inQuery('device', 'id', { foreign: 'emptyList' }), inQuery('device', 'uniqueId', { foreign: 'emptyList' })],
  },
  'GET /api/devices/:id': { allow: SIGNED_IN, advanced: NONE, cases: [inPath('device')] },
  'POST /api/devices': {
    allow: DEVICE_WRITERS,
    advanced: bit('devices', 'create'), cases: [
      plain((t) => ({ body: newBody('device', t.fx.unique('new')) })),
      ...(['group', 'calendar'] as const).map((ref): Case => ({
        name: `body ${ref}Id`, object: ref, build: (t) => ({ body: { ...newBody('device', t.fx.unique('new')), [`${ref}Id`]: t.obj[ref]!.id } }),
      })),
    ],
  },
  'PUT /api/devices/:id': {
    allow: DEVICE_WRITERS,
    advanced: bit('devices', 'edit'), cases: [
      inPath('device', (t) => renamed(device(t))),
      ...(['group', 'calendar'] as const).map((ref): Case => ({
        name: `body ${ref}Id`, object: ref,
        build: (t) => t.own.device ? { params: { id: t.own.device.id }, body: { ...t.own.device, [`${ref}Id`]: t.obj[ref]!.id } } : null,
      })),
    ],
  },
  'DELETE /api/devices/:id': { allow: DEVICE_WRITERS, advanced: bit('devices', 'delete'), cases: [inPath('device', undefined, { fresh: true })] },
  // a photo the device sent: whoever sees the device
  'GET /api/media/:uniqueId/:file': {
    allow: SIGNED_IN, advanced: NONE,
    cases: [{ name: 'path device', object: 'device', build: (t) => ({ params: { uniqueId: device(t).uniqueId!, file: t.fx.media.get(device(t).id) ?? 'none.jpg' } }) }],
  },
  // the device's picture: changing the device
  'POST /api/devices/:id/image': { allow: DEVICE_WRITERS, advanced: bit('devices', 'edit'), cases: [{ name: 'path device', object: 'device', build: (t) => ({ params: { id: device(t).id }, raw: { type: 'image/png', data: PNG } }) }] },
  'PUT /api/devices/:id/accumulators': { allow: DEVICE_WRITERS, advanced: bit('devices', 'edit'), cases: [inPath('device', (t) => ({ deviceId: device(t).id, totalDistance: 1000 }))] },
  // lazy deletion (spec §3): what it hid, for administrators only; the fresh device is soft-deleted first
  'GET /tarkan/devices/deleted': { allow: ADMIN, advanced: NONE, cases: [plain()] },
  'POST /tarkan/devices/:id/restore': { allow: ADMIN, advanced: NONE, cases: [inPath('device', undefined, { fresh: true, prepare: softDelete })] },
  'DELETE /tarkan/devices/deleted/:id': { allow: ADMIN, advanced: NONE, cases: [inPath('device', undefined, { fresh: true, prepare: softDelete })] },
  // the vehicle's access code (QR device login): whoever may change the device
  'GET /tarkan/devices/:id/qr-access': { allow: DEVICE_WRITERS, advanced: bit('devices', 'edit'), cases: [inPath('device')] },
  'POST /tarkan/devices/:id/qr-access': { allow: DEVICE_WRITERS, advanced: bit('devices', 'edit'), cases: [inPath('device')] },
  'DELETE /tarkan/devices/:id/qr-access': { allow: DEVICE_WRITERS, advanced: bit('devices', 'edit'), cases: [inPath('device', undefined, { fresh: true, prepare: issueQrAccess })] },

  // groups
  'GET /api/groups': { allow: SIGNED_IN, advanced: NONE, cases: [plain()] },
  'GET /api/groups/:id': { allow: SIGNED_IN, advanced: NONE, cases: [inPath('group')] },
  'POST /api/groups': {
    allow: WRITERS,
    advanced: bit('groups', 'create'), cases: [plain((t) => ({ body: newBody('group', t.fx.unique('new')) })),
      { name: 'body groupId', object: 'group', build: (t) => ({ body: { ...newBody('group', t.fx.unique('new')), groupId: t.obj.group!.id } }) }],
  },
  'PUT /api/groups/:id': {
    allow: WRITERS,
    advanced: bit('groups', 'edit'), cases: [inPath('group', (t) => renamed(t.obj.group!)),
      // an own group moved under tenant B's (under one's own it would be a cycle)
      { name: 'body groupId', object: 'group', only: 'other',
        build: (t) => t.own.group ? { params: { id: t.own.group.id }, body: { ...t.own.group, groupId: t.obj.group!.id } } : null }],
  },
  'DELETE /api/groups/:id': { allow: WRITERS, advanced: bit('groups', 'delete'), cases: [inPath('group', undefined, { fresh: true })] },

  // permissions: the own variant of a link already there is a no-op (204); unlinking uses fresh objects
  'POST /api/permissions': { allow: WRITERS, advanced: NONE, cases: permissionCases(false) },
  'DELETE /api/permissions': { allow: WRITERS, advanced: NONE, cases: permissionCases(true) },
  'POST /api/permissions/bulk': { allow: WRITERS, advanced: NONE, cases: bulk(permissionCases(false, true)) },
  'DELETE /api/permissions/bulk': { allow: WRITERS, advanced: NONE, cases: bulk(permissionCases(true, true)) },
  'POST /api/permissions#managed': { allow: MANAGERS, advanced: NONE, cases: [MANAGED_LINK(false)] },
  'DELETE /api/permissions#managed': { allow: MANAGERS, advanced: NONE, cases: [MANAGED_LINK(true)] },
  'POST /api/permissions/bulk#managed': { allow: MANAGERS, advanced: NONE, cases: bulk([MANAGED_LINK(false)]) },
  'DELETE /api/permissions/bulk#managed': { allow: MANAGERS, advanced: NONE, cases: bulk([MANAGED_LINK(true)]) },
  'GET /api/permissions': { allow: ADMIN, advanced: NONE, cases: [{ name: '?userId', object: 'user', build: (t) => ({ query: { userId: t.obj.user!.id, deviceId: 0 } }) }] },

  // positions
  'GET /api/positions': {
    allow: SIGNED_IN,
    advanced: NONE, cases: [plain(), inQuery('device', 'deviceId'), inQuery('position', 'id')],
  },
  // a device's history is report work: not for share-link visitors
  'GET /api/positions#history': {
    allow: REPORTERS, advanced: bit('reports', 'view'), cases: [{ name: '?deviceId&from&to', object: 'device', build: (t) => ({ query: { deviceId: device(t).id, ...period() } }) }],
  },
  ...Object.fromEntries(['csv', 'gpx', 'kml', 'kmz'].map((format) => [`GET /api/positions/${format}`, {
    allow: REPORTERS, advanced: bit('reports', 'view'), cases: [{ name: '?deviceId', object: 'device', build: (t: Target) => ({ query: { deviceId: device(t).id, ...period() } }) }],
  } satisfies Rule])),
  ...Object.fromEntries(REPORT_KINDS.flatMap((kind) => [`/api/reports/${kind}`, `/api/reports/${kind}/xlsx`])
    .map((path) => [`GET ${path}`, { allow: REPORTERS, advanced: bit('reports', 'view'), cases: reportCases() } satisfies Rule])),
  // the caller's devices as a spreadsheet
  'GET /api/reports/devices/:type': { allow: REPORTERS, advanced: bit('reports', 'view'), cases: [plain(() => ({ params: { type: 'xlsx' } }))] },
  // deleting history: a fresh device (nothing else loses its positions); positions are never made
  // fresh, so one is named only by calls that must be refused (tenant B's, or one's own without the bit)
  'DELETE /api/positions': {
    allow: DEVICE_WRITERS, advanced: bit('devices', 'edit'),
    cases: [{ name: '?deviceId&from&to', object: 'device', fresh: true, build: (t) => ({ query: { deviceId: device(t).id, ...period() } }) }],
  },
  'DELETE /api/positions/:id': { allow: DEVICE_WRITERS, advanced: bit('devices', 'edit'), cases: [inPath('position', undefined, { fresh: true })] },
  // one event: whoever sees its device
  'GET /api/events/:id': {
    allow: SIGNED_IN, advanced: NONE,
    cases: [{ name: 'path event', object: 'device', fresh: true, prepare: layEvents, build: (t) => ({ params: { id: eventsOf(t.fx).get(device(t).id) ?? 0 } }) }],
  },
  // live video: no protocol here streams, so the playlist is empty and no segment exists
  'GET /api/stream/:deviceId/:channel/live.m3u8': { allow: SIGNED_IN, advanced: NONE, cases: [{ name: 'path device', object: 'device', build: (t) => ({ params: { deviceId: device(t).id, channel: 1 } }) }] },
  'GET /api/stream/:deviceId/:channel/:segment': { allow: [], advanced: NONE, cases: [{ name: 'path device', object: 'device', build: (t) => ({ params: { deviceId: device(t).id, channel: 1, segment: '0.ts' } }) }] },
  // Traccar's combined report has no spreadsheet
  'GET /api/reports/combined': { allow: REPORTERS, advanced: bit('reports', 'view'), cases: reportCases() },

  // the simple objects, one CRUD each
  ...entityRules('geofence'), ...entityRules('driver'), ...entityRules('calendar'), ...entityRules('maintenance'),
  ...entityRules('notification'), ...entityRules('command'), ...entityRules('attribute'), ...entityRules('order'), ...entityRules('report'),
  'POST /api/attributes/computed/test': {
    allow: ADMIN,
    advanced: bit('attributes', 'view', undefined, true), cases: [{ name: '?deviceId', object: 'device', build: (t) => ({ query: { deviceId: device(t).id }, body: newBody('attribute', 'test') }) }],
  },

  // commands: ad-hoc ones are not for limitCommands; saved ones are, when linked to the caller
  'GET /api/commands/types': { allow: SIGNED_IN, advanced: NONE, cases: [plain(), inQuery('device', 'deviceId')] },
  'GET /api/commands/send': { allow: SIGNED_IN, advanced: NONE, cases: [inQuery('device', 'deviceId')] },
  'GET /api/commands/send#common': { allow: OWNERS, advanced: NONE, cases: [COMMON_FILTERS[0]] },
  'POST /api/commands/send': {
    allow: COMMAND_WRITERS,
    advanced: bit('devices', 'command'), cases: [{ name: 'ad hoc', object: 'device', build: (t) => ({ body: { deviceId: device(t).id, type: 'custom', attributes: { data: 'ping' } } }) }],
  },
  // the server tells stopping and resuming the engine (lock, unlock) from other commands
  ...Object.fromEntries((['engineStop', 'engineResume'] as const).map((type) => [`POST /api/commands/send#${type}`, {
    allow: COMMAND_WRITERS, advanced: bit('devices', type === 'engineStop' ? 'lock' : 'unlock'),
    cases: [{ name: type, object: 'device', build: (t: Target) => ({ body: { deviceId: device(t).id, type } }) }],
  } satisfies Rule])),
  'POST /api/commands/send#saved': {
    allow: WRITERS,
    advanced: bit('devices', 'command'), cases: [{ name: 'saved', object: 'command', build: (t) => t.own.device ? { body: { id: t.obj.command!.id, deviceId: t.own.device.id } } : null }],
  },

  // notifications
  'GET /api/notifications/types': { allow: SIGNED_IN, advanced: NONE, cases: [plain()] },
  'GET /api/notifications/notificators': { allow: SIGNED_IN, advanced: NONE, cases: [plain()] },
  'POST /api/notifications/test': { allow: SIGNED_IN, advanced: NONE, cases: [plain()] },
  // to the caller himself, on one channel (web needs no configuration)
  'POST /api/notifications/test/:notificator': { allow: SIGNED_IN, advanced: NONE, cases: [plain(() => ({ params: { notificator: 'web' } }))] },

  // a message from a manager to the users he manages, on one channel
  'POST /api/notifications/send/:notificator': { allow: MANAGERS, advanced: NONE, cases: [plain(() => ({ params: { notificator: 'web' }, body: { subject: 'authz', body: 'authz' } }))] },

  // shares
  'POST /api/share/device': {
    allow: SHARERS, advanced: SHARE, cases: [{ name: 'form deviceId', object: 'device', build: (t) => ({ form: { deviceId: String(device(t).id), expiration: inAnHour() } }) }],
  },
  'POST /api/share/group': {
    allow: SHARERS, advanced: SHARE, cases: [{ name: 'form groupId', object: 'group', build: (t) => ({ form: { groupId: String(t.obj.group!.id), expiration: inAnHour() } }) }],
  },
  'GET /tarkan/shares': { allow: SIGNED_IN, advanced: NONE, cases: [plain()] },
  'POST /tarkan/shares': {
    allow: SHARERS, advanced: SHARE, cases: [{ name: 'body deviceId', object: 'device', build: (t) => ({ body: { deviceId: device(t).id, expiration: inAnHour() } }) }],
  },
  'PUT /tarkan/shares/:id': { allow: SHARERS, advanced: SHARE, cases: [inPath('share', () => ({ expiration: inAnHour() }))] },
  'DELETE /tarkan/shares/:id': { allow: SHARERS, advanced: NONE, cases: [inPath('share', undefined, { fresh: true })] },

  // audit logs
  'GET /tarkan/users/:id/logs': { allow: ADMIN, advanced: NONE, cases: [inPath('user')] },
  'GET /tarkan/devices/:id/logs': { allow: ADMIN, advanced: NONE, cases: [inPath('device')] },
  // the notification delivery log
  'GET /tarkan/deliveries': { allow: ADMIN, advanced: NONE, cases: [plain(), inQuery('user', 'userId'), inQuery('device', 'deviceId')] },

  // autolink: claiming creates a device
  'GET /tarkan/autolink': { allow: DEVICE_WRITERS, advanced: NONE, cases: [plain()] },
  'POST /tarkan/autolink': {
    allow: DEVICE_WRITERS,
    advanced: bit('devices', 'create'), cases: [plain((t) => ({ body: newBody('device', t.fx.unique('claimed')) })),
      { name: 'body groupId', object: 'group', build: (t) => ({ body: { ...newBody('device', t.fx.unique('claimed')), groupId: t.obj.group!.id } }) }],
  },

  // theme and integrations
  'GET /tarkan/theme': { allow: EVERYONE, advanced: NONE, cases: [plain()] },
  'PUT /tarkan/theme': { allow: ADMIN, advanced: NONE, cases: [plain(() => ({ body: {} }))] },
  'GET /tarkan/integrations': { allow: ADMIN, advanced: NONE, cases: [plain()] },
  'POST /tarkan/integrations/:key': { allow: ADMIN, advanced: NONE, cases: [plain(() => ({ params: { key: 'payment' }, body: {} }))] },

  // push
  'GET /tarkan/push': { allow: SIGNED_IN, advanced: NONE, cases: [plain()] },
  'POST /tarkan/notification': { allow: SIGNED_IN, advanced: NONE, cases: [{ name: 'body userId', object: 'user', build: (t) => ({ body: { userId: t.obj.user!.id, token: t.fx.unique('push-token') } }) }] },
  'DELETE /tarkan/notification': { allow: SIGNED_IN, advanced: NONE, cases: [{ name: 'body userId', object: 'user', build: (t) => ({ body: { userId: t.obj.user!.id, token: 'push-token-0' } }) }] },

  // billing: administrators and resellers over the users they manage
  'GET /tarkan/invoices': { allow: SIGNED_IN, advanced: NONE, cases: [plain()] },
  'GET /tarkan/billing/customers': { allow: MANAGERS, advanced: NONE, cases: [plain()] },
  'GET /tarkan/billing/customers/:id/invoices': { allow: MANAGERS, advanced: NONE, cases: [inPath('user')] },
  'POST /tarkan/billing/customers/:id/invoices': { allow: MANAGERS, advanced: NONE, cases: [inPath('user', () => ({ value: 12.5, dueDate: '2031-02-10' }))] },
  'POST /tarkan/billing/invoices/:id/cancel': { allow: MANAGERS, advanced: NONE, cases: [inPath('invoice', undefined, { fresh: true })] },
  'POST /tarkan/billing/invoices/:id/cash': { allow: MANAGERS, advanced: NONE, cases: [inPath('invoice', () => ({}), { fresh: true })] },
  'POST /tarkan/billing/customers/:id/suspend': { allow: MANAGERS, advanced: NONE, cases: [inPath('user', undefined, { fresh: true })] },
  'POST /tarkan/billing/customers/:id/unsuspend': { allow: MANAGERS, advanced: NONE, cases: [inPath('user', undefined, { fresh: true, prepare: suspend })] },
  'POST /tarkan/billing/customers/:id/trust-unlock': { allow: MANAGERS, advanced: NONE, cases: [inPath('user', undefined, { fresh: true, prepare: suspend })] },
  // public, proven by the customer's own credentials; the probe is not suspended, so nobody unlocks
  'POST /tarkan/billing/trust-unlock': { allow: [], anonymous: 'refused', advanced: NONE, cases: [plain((t) => ({ form: { ...t.fx.probe } }))] },
  // public, proven by the payment integration's token, which nobody here has
  'POST /tarkan/billing/webhook': { allow: [], anonymous: 'unauthenticated', advanced: NONE, cases: [plain(() => ({ body: { event: 'PAYMENT_RECEIVED', payment: { id: 'x', status: 'RECEIVED' } } }))] },
  'GET /tarkan/resellers': { allow: MANAGERS, advanced: NONE, cases: [plain()] },

  // map tiles: the proxy answers a tile laid in its disk cache (no provider needed), the basemap a tiny archive
  'GET /tarkan/tiles': { allow: SIGNED_IN, advanced: NONE, cases: [plain()] },
  'GET /tarkan/tiles/:provider/:z/:x/:y': { allow: SIGNED_IN, advanced: NONE, cases: [plain((t) => ({ params: cachedTile(t.fx.test.dataDir) }))] },
  'GET /tarkan/basemap.pmtiles': { allow: SIGNED_IN, advanced: NONE, cases: [plain((t) => (basemapIn(t.fx.test.dataDir), {}))] },

  // QR driver: its own screen only; check-in to the vehicles of the users it is linked to
  'GET /tarkan/qr-driver': { allow: QR_DRIVER, advanced: NONE, cases: [plain()] },
  'GET /tarkan/qr-driver/devices/:id': { allow: QR_DRIVER, advanced: NONE, cases: [inPath('device')] },
  'POST /tarkan/qr-driver': { allow: QR_DRIVER, advanced: NONE, cases: [{ name: 'body id', object: 'device', build: (t) => ({ body: { id: device(t).id } }) }] },
};

/** Lays a fresh OpenStreetMap tile in the server's tile cache, so the proxy answers it without a provider. */
function cachedTile(dataDir: string): Record<string, number | string> {
  const file = path.join(dataDir, 'tiles', 'osm', '1', '0', '1.tile');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  replaceFile(file, encodeCachedTile({ body: PNG, contentType: 'image/png', freshUntil: Date.now() + 86_400_000, etag: null, lastModified: null }));
  return { provider: 'osm', z: 1, x: 0, y: 1 };
}

/** The matrix runs four requests at a time: a file one case rewrites is never read half written by another. */
function replaceFile(file: string, bytes: Buffer): void {
  const aside = `${file}.${crypto.randomUUID()}.tmp`;
  fs.writeFileSync(aside, bytes);
  fs.renameSync(aside, file);
}

function basemapIn(dataDir: string): void {
  replaceFile(path.join(dataDir, 'basemap.pmtiles'), pmtilesArchive([{ z: 0, x: 0, y: 0, data: Buffer.from('tile') }], { name: 'authz' }));
}

/** `METHOD /path` of a rule key (a `#variant` suffix declares a second rule for the same route). */
export const routeOf = (key: string) => key.split('#')[0];
