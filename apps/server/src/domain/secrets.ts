/**
 * The one rule for what never reaches a log (the audit log in the database, the server's log):
 * values whose key names a secret — passwords, session and API tokens, payment provider keys and
 * webhook tokens, TOTP keys, map API keys — whatever object they sit in.
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
