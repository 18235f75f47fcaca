import { ApiError } from '../api/http.ts';

/** Server message text as a catalog code: `User has expired` → `USER_HAS_EXPIRED`. */
export function messageCode(text: string): string {
  return text
    .trim()
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Code of an error (spec §8). 401 means bad credentials on a login and a lost session elsewhere;
 * other server messages pass through as codes.
 */
export function errorCode(error: unknown, context: 'login' | 'session' = 'session'): string {
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return 'REQUEST_TIMEOUT';
    if (error.kind === 'network') return 'NETWORK_ERROR';
    if (error.status === 401) return context === 'login' ? 'INVALID_LOGIN_DATA' : 'USER_NOT_AUTHED';
  }
  const code = error instanceof Error ? messageCode(error.message) : '';
  return code || 'UNKNOWN_ERROR';
}

/**
 * Traccar answers every refused write `Write access denied`; spec §8 names the refusals of a
 * read-only and a device-read-only account. The account's restriction (`accountRestriction` of
 * access/) tells which one it was: a read-only account is refused every write, a
 * device-read-only one only device writes.
 */
export function accountCode(code: string, restriction: 'ACCOUNT_IS_READONLY' | 'ACCOUNT_IS_DEVICE_READONLY' | null): string {
  return code === 'WRITE_ACCESS_DENIED' && restriction ? restriction : code;
}

/** Translated text of a code when the catalog has `errors.<code>`, else the code itself. */
export function describeCode(code: string, translate: (key: string) => string, exists: (key: string) => boolean): string {
  const key = `errors.${code}`;
  return exists(key) ? translate(key) : code;
}
