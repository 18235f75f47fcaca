import { ADVANCED_PERMISSIONS_KEY, QR_DEVICE_STATE, QR_DEVICE_USER_KEY, QR_DRIVER_USER_KEY, formatPermissions, parsePermissions, type Attributes } from '@rastro/api';
import { ClientError } from './errors.ts';

/**
 * The field policy (issue 14): one table per kind of object saying, for each privileged field,
 * who may set it when the object is created and who may change it afterwards. Every create and
 * update of users and devices goes through `applyFieldPolicy`; fields absent from the tables are
 * written by whoever may edit the object at all (the route's guards decide that).
 *
 * A writer without the right never gets an error for it: on create the field takes its default,
 * on update it keeps the stored value (the column is left out of the UPDATE). That is what Rastro
 * did before and what Traccar's web client relies on — it sends the whole object back, so a form
 * save must not fail over fields its user could not touch. The one refusal is turning a user into
 * a reseller without the right (`refuseRaise`), kept from the billing rules because it is a
 * deliberate act whose silent loss would mislead.
 *
 * What a writer may grant is bounded by what he holds (`ceiling`): advanced-permission bits are at
 * most the writer's own bits or those the target already has, an expiry at most the writer's own
 * expiry or the one the target already has. Administrators are unbounded.
 */

/** Who writes a user, relative to that user. A non-admin acting on another user manages him (the guards checked). */
export type UserActor = 'administrator' | 'subReseller' | 'reseller' | 'manager' | 'self' | 'anonymous';
/** Who writes a device: an administrator, or any other user who may edit it. */
export type DeviceActor = 'administrator' | 'user';

/** What a field holds, as stored: flags 0/1, times epoch ms or null (tests generate values by it). */
export type FieldType = 'flag' | 'integer' | 'time' | 'email' | 'bits' | 'number' | 'hostname' | 'text';

/** The writer, for defaults and ceilings; null for anonymous sign-up. */
export interface Grantor {
  administrator: boolean;
  deviceLimit: number;
  expirationTime: number | null;
  attributes: Attributes;
}

export interface FieldRule<A extends string> {
  type: FieldType;
  /** Who may set the field when the object is created; others get the default. */
  create: readonly A[];
  /** Who may change it on an existing object; others keep the stored value. */
  update: readonly A[];
  /** A column's value for writers without the right on create (attributes: absent); 0 for flags, null for times when unset. */
  default?: (grantor: Grantor | null) => unknown;
  /** A permitted writer still grants at most what he holds or the target already has. */
  ceiling?: 'grantorBits' | 'grantorExpiry';
  /** While this stored flag is on, only administrators change the field. */
  lockedBy?: string;
  /** Turning the (boolean) field on without the right is refused with this message rather than dropped. */
  refuseRaise?: string;
}

export interface ObjectPolicy<A extends string> {
  /** Table columns. */
  columns: Record<string, FieldRule<A>>;
  /** Keys of the `attributes` JSON. */
  attributes: Record<string, FieldRule<A>>;
  /** Families of attribute keys by prefix; `example` names one member (tests use it). */
  attributePrefixes: Record<string, FieldRule<A> & { example: string }>;
}

const ADMIN = ['administrator'] as const;
const MANAGERS = ['administrator', 'manager', 'reseller', 'subReseller'] as const;
const RESELLERS = ['administrator', 'reseller', 'subReseller'] as const;
const SUB_RESELLERS = ['administrator', 'subReseller'] as const;
const EVERYONE = [...MANAGERS, 'self', 'anonymous'] as const;
/** Set by the server's own code paths only (shares, QR drivers), never through the API, administrators included. */
const SERVER = [] as const;

/**
 * Users (Traccar's `checkUserUpdate`, spec §3/§6, billing and resellers in docs/architecture.md).
 * Only administrators make administrators, set limits and mark temporary (share) users; managers
 * restrict, disable and expire the users they manage but never themselves; a fixed e-mail is an
 * administrator's to change.
 */
export const USER_POLICY: ObjectPolicy<UserActor> = {
  columns: {
    administrator: { type: 'flag', create: ADMIN, update: ADMIN },
    // a manager's users start with his own device limit; a self-registered user unlimited (Traccar's default -1)
    deviceLimit: { type: 'integer', create: ADMIN, update: ADMIN, default: (g) => (g && !g.administrator ? g.deviceLimit : -1) },
    userLimit: { type: 'integer', create: ADMIN, update: ADMIN, default: () => 0 },
    temporary: { type: 'flag', create: ADMIN, update: ADMIN },
    readonly: { type: 'flag', create: MANAGERS, update: MANAGERS },
    deviceReadonly: { type: 'flag', create: MANAGERS, update: MANAGERS },
    disabled: { type: 'flag', create: MANAGERS, update: MANAGERS },
    limitCommands: { type: 'flag', create: MANAGERS, update: MANAGERS },
    disableReports: { type: 'flag', create: MANAGERS, update: MANAGERS },
    fixedEmail: { type: 'flag', create: MANAGERS, update: MANAGERS },
    expirationTime: { type: 'time', create: MANAGERS, update: MANAGERS, ceiling: 'grantorExpiry' },
    email: { type: 'email', create: EVERYONE, update: [...MANAGERS, 'self'], lockedBy: 'fixedEmail' },
  },
  attributes: {
    [ADVANCED_PERMISSIONS_KEY]: { type: 'bits', create: MANAGERS, update: MANAGERS, ceiling: 'grantorBits' },
    [QR_DRIVER_USER_KEY]: { type: 'integer', create: SERVER, update: SERVER },
    [QR_DEVICE_USER_KEY]: { type: 'integer', create: SERVER, update: SERVER },
    isShared: { type: 'flag', create: SERVER, update: SERVER },
    reseller: { type: 'flag', create: SUB_RESELLERS, update: SUB_RESELLERS, refuseRaise: 'Sub-reseller access required' },
    subReseller: { type: 'flag', create: SUB_RESELLERS, update: SUB_RESELLERS },
    resellerDomain: { type: 'hostname', create: SUB_RESELLERS, update: SUB_RESELLERS },
    resaleLimit: { type: 'integer', create: SUB_RESELLERS, update: SUB_RESELLERS },
  },
  attributePrefixes: {
    billing: { type: 'number', create: RESELLERS, update: RESELLERS, example: 'billingPrice' },
  },
};

/**
 * Devices. Traccar lets anyone who edits a device change everything on it; here disabling and
 * expiry are an administrator's decision (a user re-enabling the device an administrator turned
 * off would undo it), and the QR check-in state is the server's.
 */
export const DEVICE_POLICY: ObjectPolicy<DeviceActor> = {
  columns: {
    disabled: { type: 'flag', create: ADMIN, update: ADMIN },
    expirationTime: { type: 'time', create: ADMIN, update: ADMIN },
  },
  attributes: Object.fromEntries(Object.values(QR_DEVICE_STATE).map((key) => [key, { type: 'text', create: SERVER, update: SERVER }])),
  attributePrefixes: {},
};

// Groups carry no privileged field: their name, parent and attributes (speed limits, processing
// options) are configuration that whoever may edit the group owns, as in Traccar.

/**
 * Who the caller is to the user written (`targetId` null on create). A non-admin writing another
 * user has passed the guards' manager check; an anonymous caller creates the first user (who
 * becomes the administrator) or signs up.
 */
export function userActor(caller: (Grantor & { id: number }) | null, targetId: number | null, firstUser: boolean): UserActor {
  if (!caller) return firstUser ? 'administrator' : 'anonymous';
  if (caller.administrator) return 'administrator';
  if (targetId === caller.id) return 'self';
  if (caller.attributes.reseller !== true) return 'manager';
  return caller.attributes.subReseller === true ? 'subReseller' : 'reseller';
}

export function deviceActor(caller: { administrator: boolean | number }): DeviceActor {
  return caller.administrator ? 'administrator' : 'user';
}

export interface Fields {
  columns: Record<string, unknown>;
  attributes: Attributes;
}

/** The rule for an attribute key, by name or by family. */
export function attributeRule<A extends string>(policy: ObjectPolicy<A>, key: string): FieldRule<A> | undefined {
  return policy.attributes[key] ?? Object.entries(policy.attributePrefixes).find(([prefix]) => key.startsWith(prefix))?.[1];
}

/** Whether the actor may write the field; on update, `stored` is the object as read. */
export function mayWrite<A extends string>(rule: FieldRule<A>, actor: A, stored: Fields | null): boolean {
  if (!stored) return rule.create.includes(actor);
  if (!rule.update.includes(actor)) return false;
  return !(rule.lockedBy && stored.columns[rule.lockedBy] && actor !== 'administrator');
}

/** A column's value for writers without the right, on create. */
export function defaultOf<A extends string>(rule: FieldRule<A>, grantor: Grantor | null): unknown {
  if (rule.default) return rule.default(grantor);
  return rule.type === 'flag' ? 0 : null;
}

/**
 * What may be stored of a request: `requested` holds the columns and attributes the request
 * writes, `stored` the object as read (null on create). Columns the actor may not change are left
 * out on update (so the UPDATE keeps whatever is stored, even if it changed since the read) and
 * take their default on create; such attribute keys keep their stored value or stay absent.
 */
export function applyFieldPolicy<A extends string>(
  policy: ObjectPolicy<A>, actor: A, grantor: Grantor | null, requested: Fields, stored: Fields | null,
): Fields {
  const columns = { ...requested.columns };
  const leftOut = new Set<string>();
  for (const [field, rule] of Object.entries(policy.columns)) {
    if (!(field in columns)) continue;
    if (mayWrite(rule, actor, stored)) columns[field] = bounded(rule, columns[field], grantor, stored?.columns[field], Boolean(stored));
    else if (stored) leftOut.add(field);
    else columns[field] = defaultOf(rule, grantor);
  }
  const attributes = { ...requested.attributes };
  const absent = new Set<string>();
  const storedAttributes = stored?.attributes ?? {};
  for (const key of new Set([...Object.keys(attributes), ...Object.keys(storedAttributes)])) {
    const rule = attributeRule(policy, key);
    if (!rule) continue;
    if (mayWrite(rule, actor, stored)) {
      if (key in attributes) attributes[key] = bounded(rule, attributes[key], grantor, storedAttributes[key], Boolean(stored)) as Attributes[string];
      continue;
    }
    if (rule.refuseRaise && attributes[key] === true && storedAttributes[key] !== true) throw new ClientError(rule.refuseRaise);
    if (key in storedAttributes) attributes[key] = storedAttributes[key];
    else absent.add(key);
  }
  return { columns: without(columns, leftOut), attributes: without(attributes, absent) };
}

/** `record` without the `keys`. */
function without<T>(record: Record<string, T>, keys: ReadonlySet<string>): Record<string, T> {
  return keys.size ? Object.fromEntries(Object.entries(record).filter(([key]) => !keys.has(key))) : record;
}

/** A permitted value cut down to the writer's ceiling: what he holds, or what the target already has. */
function bounded<A extends string>(rule: FieldRule<A>, value: unknown, grantor: Grantor | null, stored: unknown, updating: boolean): unknown {
  if (!rule.ceiling || !grantor || grantor.administrator) return value;
  if (rule.ceiling === 'grantorBits') {
    const own = parsePermissions(grantor.attributes[ADVANCED_PERMISSIONS_KEY]);
    const had = parsePermissions(stored);
    return formatPermissions(parsePermissions(value).map((bit, i) => bit && (own[i] || had[i])));
  }
  // expiry: null is "never", the latest of all
  const own = grantor.expirationTime;
  if (own === null) return value;
  const had = updating ? (stored as number | null | undefined) ?? null : undefined;
  const ceiling = had === null ? null : Math.max(own, had ?? own);
  if (ceiling === null) return value;
  return value === null || value === undefined || (value as number) > ceiling ? ceiling : value;
}
