import { describe, expect, it } from 'vitest';
import { REMEMBER_DAYS, dropLegacyCredentials, forgetToken, rememberExpiration, rememberToken, rememberedToken } from './rememberedSession.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const LEGACY = { 'rastro.credentials': btoa(JSON.stringify({ email: 'admin', password: 'segredo' })) };

describe('remembered sign-in', () => {
  it('stores, reads and forgets a token, and nothing else', () => {
    const storage = memoryStorage();
    expect(rememberedToken(storage)).toBeNull();
    rememberToken('tok-123', storage);
    expect(rememberedToken(storage)).toBe('tok-123');
    expect([...storage.items.keys()]).toEqual(['rastro.sessionToken']);
    forgetToken(storage);
    expect(storage.items.size).toBe(0);
  });

  it('deletes a password stored by an earlier version as soon as it is read', () => {
    const storage = memoryStorage(LEGACY);
    expect(rememberedToken(storage)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('deletes it on load, leaving a remembered token alone', () => {
    const storage = memoryStorage({ ...LEGACY, 'rastro.sessionToken': 'tok' });
    dropLegacyCredentials(storage);
    expect([...storage.items.entries()]).toEqual([['rastro.sessionToken', 'tok']]);
  });

  it('deletes it too when a token is remembered or forgotten', () => {
    const remembered = memoryStorage(LEGACY);
    rememberToken('tok', remembered);
    expect([...remembered.items.keys()]).toEqual(['rastro.sessionToken']);
    const forgotten = memoryStorage(LEGACY);
    forgetToken(forgotten);
    expect(forgotten.items.size).toBe(0);
  });

  it('asks for a token that lasts the remembered days', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(rememberExpiration(now).toISOString()).toBe(new Date(now + REMEMBER_DAYS * 86_400_000).toISOString());
    expect(REMEMBER_DAYS).toBe(30);
  });
});
