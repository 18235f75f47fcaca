import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { attrs } from '../../db/mappers.ts';
import { ClientError } from '../../domain/errors.ts';
import type { ApiContext } from '../context.ts';

/**
 * Two-step sign-in as Traccar does it: a user whose `totpKey` (base32) is set must send the code
 * of his authenticator app with his password: TOTP, HMAC-SHA1, 6 digits, 30-second steps,
 * accepted one step either side for clock drift.
 */
const TOTP_SHAPE = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** True when `code` is the key's current code (or the one just before or after). */
export function totpCodeMatches(key: string, code: string, now = Date.now()): boolean {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  let secret: Secret;
  try {
    secret = Secret.fromBase32(key.replace(/\s+/g, '').toUpperCase());
  } catch {
    // a key that is not base32 matches no code (the user set a broken one; an administrator clears it)
    return false;
  }
  if (secret.bytes.length === 0) return false;
  return TOTP.validate({ ...TOTP_SHAPE, token, secret, timestamp: now, window: 1 }) !== null;
}

/** A new random key, 160 bits (RFC 4226's recommendation), in base32 as authenticator apps read it. */
export function newTotpKey(): string {
  return new Secret({ size: 20 }).base32;
}

/** Server attribute `totpEnable`: users may set up two-step sign-in. */
export async function totpEnabled(ctx: ApiContext): Promise<boolean> {
  const value = attrs((await ctx.settings.get()).attributes).totpEnable;
  return value === true || value === 'true';
}

export function totpRoutes(app: FastifyInstance, ctx: ApiContext): void {
  // Public, as in Traccar (the registration form asks for it too). Nothing is stored: the key
  // takes effect when the user saves it as his `totpKey` (PUT /api/users/{id}).
  app.post('/api/users/totp', async (_request, reply) => {
    if (!(await totpEnabled(ctx))) throw new ClientError('One-time password is disabled');
    return reply.type('text/plain').send(newTotpKey());
  });
}
