import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';

/**
 * Password hashing exactly as Traccar stores it, so a Traccar user table can be imported:
 * PBKDF2-HMAC-SHA256, 200000 iterations, 24-byte salt and key, lower-case hex,
 * hashedPassword = "PBKDF2WithHmacSHA256$200000$<hex key>". Legacy rows without "$" are
 * PBKDF2-HMAC-SHA1 with 1000 iterations.
 *
 * The derivation runs on libuv's thread pool (async `crypto.pbkdf2`), never on the event loop:
 * one derivation costs tens of milliseconds of CPU, and a flood of wrong logins must not stall
 * the API and the devices' ingestion with it. At most one derivation per core but one runs at a
 * time, the others wait their turn: on 2 cores, 32 concurrent wrong logins left /api/server at
 * 21 ms median / 426 ms p99 with four derivations at once (the pool's size), 3 ms / 16 ms with one.
 */
const ITERATIONS = 200000;
const BYTES = 24;
const PREFIX = 'PBKDF2WithHmacSHA256';

const PARALLEL = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function pbkdf2(password: Buffer, salt: Buffer, rounds: number, length: number, digest: string): Promise<Buffer> {
  if (running < PARALLEL) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the finishing one hands its slot over
  try {
    // looked up on the module object at each call (not destructured), so a test can count the runs
    return await promisify(crypto.pbkdf2)(password, salt, rounds, length, digest);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export interface HashedPassword {
  hashedPassword: string;
  salt: string;
}

/**
 * A new salted hash for a password. Named apart from the former synchronous `hashPassword` on
 * purpose: spreading a forgotten promise (`{ ...hash(p) }`) type-checks and writes no password.
 */
export async function newPasswordHash(password: string): Promise<HashedPassword> {
  const salt = crypto.randomBytes(BYTES);
  const key = await pbkdf2(Buffer.from(password, 'utf8'), salt, ITERATIONS, BYTES, 'sha256');
  return { hashedPassword: `${PREFIX}$${ITERATIONS}$${key.toString('hex')}`, salt: salt.toString('hex') };
}

/**
 * Stands in for the stored hash of an account that does not exist (or has no password), so that
 * checking it costs the same derivation as a real account and timing does not tell which exist.
 * Its key is random: no password matches it.
 */
export const UNKNOWN_ACCOUNT_HASH: HashedPassword = {
  hashedPassword: `${PREFIX}$${ITERATIONS}$${crypto.randomBytes(BYTES).toString('hex')}`,
  salt: crypto.randomBytes(BYTES).toString('hex'),
};

export async function verifyPassword(password: string, stored: HashedPassword): Promise<boolean> {
  const salt = Buffer.from(stored.salt, 'hex');
  let expected: Buffer;
  let actual: Buffer;
  if (stored.hashedPassword.includes('$')) {
    const [, iterations, hash] = stored.hashedPassword.split('$');
    const rounds = Number(iterations);
    if (!Number.isInteger(rounds) || rounds <= 0 || !hash) return false;
    expected = Buffer.from(hash, 'hex');
    if (expected.length === 0) return false;
    actual = await pbkdf2(Buffer.from(password, 'utf8'), salt, rounds, expected.length, 'sha256');
  } else {
    expected = Buffer.from(stored.hashedPassword, 'hex');
    if (expected.length === 0) return false;
    actual = await pbkdf2(Buffer.from(password, 'utf8'), salt, 1000, expected.length, 'sha1');
  }
  return crypto.timingSafeEqual(expected, actual);
}
