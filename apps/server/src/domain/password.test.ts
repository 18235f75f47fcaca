import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('Traccar-compatible password hashing', () => {
  it('stores PBKDF2-HMAC-SHA256 with 200000 iterations and 24-byte hex salt and key', () => {
    const stored = hashPassword('segredo');
    expect(stored.hashedPassword).toMatch(/^PBKDF2WithHmacSHA256\$200000\$[0-9a-f]{48}$/);
    expect(stored.salt).toMatch(/^[0-9a-f]{48}$/);
    expect(verifyPassword('segredo', stored)).toBe(true);
    expect(verifyPassword('Segredo', stored)).toBe(false);
  });

  it('verifies a hash computed independently, as a Traccar table would hold it', () => {
    const salt = '000102030405060708090a0b0c0d0e0f1011121314151617';
    const key = crypto.pbkdf2Sync('admin', Buffer.from(salt, 'hex'), 200000, 24, 'sha256').toString('hex');
    expect(verifyPassword('admin', { hashedPassword: `PBKDF2WithHmacSHA256$200000$${key}`, salt })).toBe(true);
  });

  it('verifies legacy PBKDF2-HMAC-SHA1 rows (1000 iterations, no prefix)', () => {
    const salt = 'aabbccddeeff00112233445566778899aabbccddeeff0011';
    const legacy = crypto.pbkdf2Sync('velha', Buffer.from(salt, 'hex'), 1000, 24, 'sha1').toString('hex');
    expect(verifyPassword('velha', { hashedPassword: legacy, salt })).toBe(true);
    expect(verifyPassword('nova', { hashedPassword: legacy, salt })).toBe(false);
  });

  it('rejects malformed stored hashes instead of throwing', () => {
    expect(verifyPassword('x', { hashedPassword: 'PBKDF2WithHmacSHA256$abc$00', salt: '00' })).toBe(false);
    expect(verifyPassword('x', { hashedPassword: '', salt: '' })).toBe(false);
  });
});
