import type { Credentials } from '../api/session.ts';

const KEY = 'rastro.credentials';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Base64 of UTF-8 JSON: keeps the credentials out of plain sight in storage (an encoding, not encryption). */
export function encodeCredentials(credentials: Credentials): string {
  const bytes = new TextEncoder().encode(JSON.stringify(credentials));
  return btoa(String.fromCharCode(...bytes));
}

export function decodeCredentials(encoded: string): Credentials | null {
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof value !== 'object' || value === null) return null;
    const { email, password } = value as Record<string, unknown>;
    return typeof email === 'string' && typeof password === 'string' ? { email, password } : null;
  } catch {
    return null;
  }
}

export function rememberCredentials(credentials: Credentials, storage: KeyValueStorage = localStorage): void {
  storage.setItem(KEY, encodeCredentials(credentials));
}

export function rememberedCredentials(storage: KeyValueStorage = localStorage): Credentials | null {
  const encoded = storage.getItem(KEY);
  return encoded ? decodeCredentials(encoded) : null;
}

export function forgetCredentials(storage: KeyValueStorage = localStorage): void {
  storage.removeItem(KEY);
}
