import crypto from 'node:crypto';

/**
 * Password hashing exactly as Traccar stores it, so a Traccar user table can be imported:
 * PBKDF2-HMAC-SHA256, 200000 iterations, 24-byte salt and key, lower-case hex,
 * hashedPassword = "PBKDF2WithHmacSHA256$200000$<hex key>". Legacy rows without "$" are
 * PBKDF2-HMAC-SHA1 with 1000 iterations.
 */
const ITERATIONS = 200000;
const BYTES = 24;
const PREFIX = 'PBKDF2WithHmacSHA256';

export interface HashedPassword {
  hashedPassword: string;
  salt: string;
}

export function hashPassword(password: string): HashedPassword {
  const salt = crypto.randomBytes(BYTES);
  const key = crypto.pbkdf2Sync(Buffer.from(password, 'utf8'), salt, ITERATIONS, BYTES, 'sha256');
  return { hashedPassword: `${PREFIX}$${ITERATIONS}$${key.toString('hex')}`, salt: salt.toString('hex') };
}

export function verifyPassword(password: string, stored: HashedPassword): boolean {
  const salt = Buffer.from(stored.salt, 'hex');
  let expected: Buffer;
  let actual: Buffer;
  if (stored.hashedPassword.includes('$')) {
    const [, iterations, hash] = stored.hashedPassword.split('$');
    const rounds = Number(iterations);
    if (!Number.isInteger(rounds) || rounds <= 0 || !hash) return false;
    expected = Buffer.from(hash, 'hex');
    actual = crypto.pbkdf2Sync(Buffer.from(password, 'utf8'), salt, rounds, expected.length, 'sha256');
  } else {
    expected = Buffer.from(stored.hashedPassword, 'hex');
    actual = crypto.pbkdf2Sync(Buffer.from(password, 'utf8'), salt, 1000, expected.length, 'sha1');
  }
  return expected.length > 0 && crypto.timingSafeEqual(expected, actual);
}
