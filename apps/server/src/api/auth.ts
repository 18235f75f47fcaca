import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { checkToken, findSession } from '../db/sessions.ts';
import { findUserById, findUserByLogin, type UserRow } from '../db/users.ts';
import { ClientError } from '../domain/errors.ts';
import { verifyPassword } from '../domain/password.ts';
import { suspensionReason } from '../billing/account.ts';

export const SESSION_COOKIE = 'JSESSIONID';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for anonymous requests. */
    user: UserRow | null;
  }
}

/** Traccar's disabled check for users (and devices): disabled first, then expiry. */
export function disabledReason(user: UserRow, now = Date.now()): string | null {
  if (user.disabled) return 'User is disabled';
  if (user.expirationTime !== null && user.expirationTime < now) return 'User has expired';
  return null;
}

export async function checkCredentials(db: Kysely<Database>, login: string, password: string): Promise<UserRow | null> {
  const user = await findUserByLogin(db, login);
  if (!user?.hashedPassword || !user.salt) return null;
  return verifyPassword(password, { hashedPassword: user.hashedPassword, salt: user.salt }) ? user : null;
}

/**
 * Resolves who is calling: a Bearer token, Basic credentials, or the JSESSIONID cookie
 * (whose Origin must match the one it was opened from). Problems only make the request
 * anonymous, as in Traccar; the route decides whether anonymous is allowed.
 */
export async function resolveUser(db: Kysely<Database>, request: FastifyRequest): Promise<UserRow | null> {
  const header = request.headers.authorization;
  let user: UserRow | null | undefined = null;
  if (header) {
    const [scheme, value = ''] = header.split(' ', 2);
    if (scheme?.toLowerCase() === 'bearer') {
      const check = await checkToken(db, value.trim());
      if ('userId' in check) user = await findUserById(db, check.userId);
    } else if (scheme?.toLowerCase() === 'basic') {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const split = decoded.indexOf(':');
      if (split > 0) user = await checkCredentials(db, decoded.slice(0, split), decoded.slice(split + 1));
    }
  } else {
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie) {
      const session = await findSession(db, cookie);
      const origin = request.headers.origin;
      if (session && (!origin || !session.origin || origin === session.origin)) user = await findUserById(db, session.userId);
    }
  }
  // a suspension for non-payment ends open sessions and tokens too (spec §4)
  if (!user || disabledReason(user) || suspensionReason(user)) return null;
  return user;
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new ClientError('User is not authenticated', 401);
  return request.user;
}

export function setSessionCookie(reply: FastifyReply, id: string, maxAgeSeconds: number | null): void {
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    ...(maxAgeSeconds && maxAgeSeconds > 0 ? { maxAge: maxAgeSeconds } : {}),
  });
}
