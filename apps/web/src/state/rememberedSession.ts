/**
 * "Remember me": a long-lived, revocable token of the server (POST /api/session/token), never the
 * password. The next visit signs in with it (GET /api/session?token=); logout revokes it.
 */
const KEY = 'rastro.sessionToken';
/** Where earlier versions kept the e-mail and password (base64): removed on sight. */
const LEGACY_CREDENTIALS_KEY = 'rastro.credentials';
/** How long a remembered sign-in lasts (the server may cap it by the account's own expiry). */
export const REMEMBER_DAYS = 30;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Run once on load: an earlier version's stored password must not stay on the device a moment longer. */
export function dropLegacyCredentials(storage: KeyValueStorage = localStorage): void {
  storage.removeItem(LEGACY_CREDENTIALS_KEY);
}

export function rememberExpiration(now: number = Date.now()): Date {
  return new Date(now + REMEMBER_DAYS * 86_400_000);
}

export function rememberToken(token: string, storage: KeyValueStorage = localStorage): void {
  storage.removeItem(LEGACY_CREDENTIALS_KEY);
  storage.setItem(KEY, token);
}

/** The remembered token, if any; a password an older version stored is deleted on the way. */
export function rememberedToken(storage: KeyValueStorage = localStorage): string | null {
  storage.removeItem(LEGACY_CREDENTIALS_KEY);
  return storage.getItem(KEY) || null;
}

export function forgetToken(storage: KeyValueStorage = localStorage): void {
  storage.removeItem(LEGACY_CREDENTIALS_KEY);
  storage.removeItem(KEY);
}
