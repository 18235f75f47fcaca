import crypto from 'node:crypto';
import os from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { UNKNOWN_ACCOUNT_HASH, newPasswordHash, verifyPassword } from './password.ts';

describe('Traccar-compatible password hashing', () => {
  it('stores PBKDF2-HMAC-SHA256 with 200000 iterations and 24-byte hex salt and key', async () => {
    const stored = await newPasswordHash('segredo');
    expect(stored.hashedPassword).toMatch(/^PBKDF2WithHmacSHA256\$200000\$[0-9a-f]{48}$/);
    expect(stored.salt).toMatch(/^[0-9a-f]{48}$/);
    expect(await verifyPassword('segredo', stored)).toBe(true);
    expect(await verifyPassword('Segredo', stored)).toBe(false);
  });

  it('verifies a hash computed independently, as a Traccar table would hold it', async () => {
    const salt = '000102030405060708090a0b0c0d0e0f1011121314151617';
    const key = crypto.pbkdf2Sync('admin', Buffer.from(salt, 'hex'), 200000, 24, 'sha256').toString('hex');
    expect(await verifyPassword('admin', { hashedPassword: `PBKDF2WithHmacSHA256$200000$${key}`, salt })).toBe(true);
  });

  it('verifies legacy PBKDF2-HMAC-SHA1 rows (1000 iterations, no prefix)', async () => {
    const salt = 'aabbccddeeff00112233445566778899aabbccddeeff0011';
    const legacy = crypto.pbkdf2Sync('velha', Buffer.from(salt, 'hex'), 1000, 24, 'sha1').toString('hex');
    expect(await verifyPassword('velha', { hashedPassword: legacy, salt })).toBe(true);
    expect(await verifyPassword('nova', { hashedPassword: legacy, salt })).toBe(false);
  });

  it('rejects malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', { hashedPassword: 'PBKDF2WithHmacSHA256$abc$00', salt: '00' })).toBe(false);
    expect(await verifyPassword('x', { hashedPassword: '', salt: '' })).toBe(false);
  });

  it('derives on the thread pool: the event loop turns while a hash is computed', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    await verifyPassword('x', UNKNOWN_ACCOUNT_HASH);
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(0);
  });

  it('runs at most one derivation per core but one at a time, and every one completes', async () => {
    const original = crypto.pbkdf2;
    let running = 0;
    let most = 0;
    const spy = vi.spyOn(crypto, 'pbkdf2').mockImplementation(((...args: unknown[]) => {
      const done = args.pop() as (error: Error | null, key: Buffer) => void;
      most = Math.max(most, ++running);
      (original as (...a: unknown[]) => void)(...args, (error: Error | null, key: Buffer) => {
        running--;
        done(error, key);
      });
    }));
    try {
      const legacy = { hashedPassword: crypto.pbkdf2Sync('x', Buffer.alloc(24), 1000, 24, 'sha1').toString('hex'), salt: '00'.repeat(24) };
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => verifyPassword(i % 2 ? 'x' : 'y', legacy)));
      expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
      expect(spy).toHaveBeenCalledTimes(12);
      expect(most).toBe(Math.min(12, Math.max(1, os.availableParallelism() - 1)));
    } finally {
      spy.mockRestore();
    }
  });

  it('matches no password with the stand-in hash of unknown accounts', async () => {
    expect(await verifyPassword('', UNKNOWN_ACCOUNT_HASH)).toBe(false);
    expect(await verifyPassword('admin', UNKNOWN_ACCOUNT_HASH)).toBe(false);
  });
});
