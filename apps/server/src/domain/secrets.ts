import type { Attributes } from '@rastro/api';

/**
 * The one rule for what never reaches a log (the audit log in the database, the server's log):
 * values whose key names a secret — passwords, session and API tokens, payment provider keys and
 * webhook tokens, TOTP keys, map API keys — whatever object they sit in. And the one rule for
 * protected attributes (a channel's credentials, map keys) read through the API: masked when read,
 * kept when the mask is saved back.
 */
export const MASK = '••••••';

const SECRET_KEY = /password|passwd|passphrase|secret|token|api[-_]?key|key$|totp|credential|authorization|cookie/i;

export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

/**
 * A copy of `value` with every secret masked. Only plain objects and arrays are copied; anything
 * else (an Error, a Date, a Buffer) is kept as it is, so loggers still see it. Nesting deeper than
 * MAX_DEPTH is replaced by a marker: a secret could hide down there, and the walk must not overflow
 * the stack on a body nested thousands deep.
 */
export function maskSecrets<T>(value: T): T {
  return mask(value, 0, new Set()) as T;
}

export const MAX_DEPTH = 32;
export const TOO_DEEP = '[nested too deep]';

function mask(value: unknown, depth: number, ancestors: Set<object>): unknown {
  const array = Array.isArray(value);
  if (!array && !isPlainObject(value)) return value;
  // a cycle is as endless as deep nesting
  if (depth >= MAX_DEPTH || ancestors.has(value)) return TOO_DEEP;
  ancestors.add(value);
  let out: unknown;
  if (array) out = value.map((item) => mask(item, depth + 1, ancestors));
  else {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = isSecretKey(key) && item !== null && item !== undefined && item !== '' ? MASK : mask(item, depth + 1, ancestors);
    }
    out = copy;
  }
  ancestors.delete(value);
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Attribute keys read masked: `all` are hidden from everyone but administrators (a gateway's URL
 * or template may carry an API key too), `secret` from administrators as well.
 */
export interface ProtectedKeys {
  all: readonly string[];
  secret: readonly string[];
}

/** Keys no one reads back, administrators included (a map provider's key: only the tile proxy uses it). */
export const hiddenFromAll = (keys: readonly string[]): ProtectedKeys => ({ all: keys, secret: keys });

/** Several families of protected keys as one. */
export function protectedKeys(...families: ProtectedKeys[]): ProtectedKeys {
  return { all: families.flatMap((f) => f.all), secret: families.flatMap((f) => f.secret) };
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Attributes as a reader sees them: the protected keys that hold a value read as MASK (`secret`
 * for an administrator, `all` for anyone else). A value is masked, not left out, so that a client
 * saving back what it read keeps it (keptAttributes).
 */
export function shownAttributes(attributes: Attributes, administrator: boolean, keys: ProtectedKeys): Attributes {
  const shown = { ...attributes };
  for (const key of administrator ? keys.secret : keys.all) if (isSet(shown[key])) shown[key] = MASK;
  return shown;
}

/** The attributes to store from a save: a protected key sent back as MASK keeps its stored value. */
export function keptAttributes(incoming: Attributes, stored: Attributes, keys: ProtectedKeys): Attributes {
  const masked = (key: string) => keys.all.includes(key) && incoming[key] === MASK;
  return Object.fromEntries(
    Object.entries(incoming).flatMap(([key, value]) => {
      if (!masked(key)) return [[key, value]];
      // a mask with nothing stored behind it is not a value
      return stored[key] === undefined ? [] : [[key, stored[key]]];
    }),
  );
}
