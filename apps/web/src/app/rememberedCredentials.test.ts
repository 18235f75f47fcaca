import { describe, expect, it } from 'vitest';
import {
  decodeCredentials, encodeCredentials, forgetCredentials, rememberCredentials, rememberedCredentials,
} from './rememberedCredentials.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('remembered credentials', () => {
  it('round-trips non-ASCII credentials without storing them in plain text', () => {
    const credentials = { email: 'joão@example.com', password: 'señha€' };
    const encoded = encodeCredentials(credentials);
    expect(encoded).not.toContain('señha');
    expect(decodeCredentials(encoded)).toEqual(credentials);
  });

  it('rejects malformed values', () => {
    expect(decodeCredentials('%%%')).toBeNull();
    expect(decodeCredentials(btoa('{"email":1}'))).toBeNull();
    expect(decodeCredentials(btoa('null'))).toBeNull();
  });

  it('stores, reads and forgets', () => {
    const storage = memoryStorage();
    expect(rememberedCredentials(storage)).toBeNull();
    rememberCredentials({ email: 'admin', password: 'admin' }, storage);
    expect(rememberedCredentials(storage)).toEqual({ email: 'admin', password: 'admin' });
    forgetCredentials(storage);
    expect(storage.items.size).toBe(0);
  });
});
