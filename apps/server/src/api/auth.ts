import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { checkToken, findSession } from '../db/sessions.ts';
import { findUserById, findUserByLogin, type UserRow } from '../db/users.ts';
import { ClientError } from '../domain/errors.ts';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from '../domain/password.ts';
import { totpCodeMatches } from './traccar/totp.ts';
import { suspensionReason } from '../billing/account.ts';

export const SESSION_COOKIE = 'JSESSIONID';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for anonymous requests. */
    user: UserRow | null;
    /** What proved who the caller is (digests, never secrets): revocation ends exactly it, or spares it. */
    credential?: Credential | null;
  }
}

export type Credential =
  | { kind: 'session'; id: string; expiresTime: number | null }
  | { kind: 'token'; id: string; expiresTime: number }
  | { kind: 'password'; hashedPassword: string };

/** Traccar's disabled check for users (and devices): disabled first, then expiry. */
export function disabledReason(user: UserRow, now = Date.now()): string | null {
  if (user.disabled) return 'User is disabled';
  if (user.expirationTime !== null && user.expirationTime < now) return 'User has expired';
  return null;
}

/** The key an account's failed sign-ins are counted under (api/rate-limit.ts). */
const accountKey = (user: UserRow | undefined, login = '') => (user ? `user:${user.id}` : `name:${login.trim().toLowerCase()}`);

/**
 * Checks a login name (e-mail or login) and password, within the sign-in limits: 429 once the
 * account or the client's address has used up its failures; a mismatch counts as one. An unknown
 * account (or one without a password) costs the same PBKDF2 derivation as a known one and fails
 * the same way, so neither the answer nor its time tells which accounts exist.
 */
export async function checkCredentials(request: FastifyRequest, db: Kysely<Database>, login: string, password: string): Promise<UserRow | null> {
  const limits = request.server.signInLimits;
  const user = await findUserByLogin(db, login);
  const account = accountKey(user, login);
  await limits.check(request, account);
  const known = user?.hashedPassword && user.salt ? { hashedPassword: user.hashedPassword, salt: user.salt } : null;
  const matches = await verifyPassword(password, known ?? UNKNOWN_ACCOUNT_HASH);
  if (user && known && matches) return user;
  await limits.failed(request, account);
  return null;
}

/**
 * Counts an unknown, expired or revoked token against the client's address; 429 once the address
 * has used up its failures (a valid token keeps working: guessing one is what is limited).
 */
export async function tokenFailed(request: FastifyRequest): Promise<void> {
  await request.server.signInLimits.failed(request, null);
  await request.server.signInLimits.check(request, null);
}

/**
 * An API token's user and the credential it is (Bearer, `GET /api/session?token=`, the socket's
 * `?token=`), or why not; an unknown, expired or revoked token counts against the address.
 * Disabled and suspended accounts are the caller's to refuse, each in its own way.
 */
export async function tokenUser(db: Kysely<Database>, request: FastifyRequest, token: string): Promise<{ user: UserRow; credential: Credential & { kind: 'token' } } | { error: string }> {
  const check = await checkToken(db, token);
  if ('error' in check) {
    await tokenFailed(request);
    return check;
  }
  const user = await findUserById(db, check.userId);
  if (!user) return { error: 'Invalid token' };
  return { user, credential: { kind: 'token', id: check.id, expiresTime: check.expiresTime } };
}

/** Whether a user signs in with a one-time code besides his password (Traccar: a non-empty `totpKey`). */
export const needsOneTimeCode = (user: UserRow) => !!user.totpKey?.trim();

/**
 * Two-step sign-in: no code answers 401 with `WWW-Authenticate: TOTP`, as Traccar (its login form
 * then asks for the code); a wrong code answers 401 `User authorization failed` (Traccar: 400; a
 * refused credential is 401 here like a wrong password, without the header, so the form keeps its
 * code field) and counts as a failed sign-in.
 */
export async function checkOneTimeCode(request: FastifyRequest, reply: FastifyReply, user: UserRow, code: string | undefined): Promise<void> {
  if (!needsOneTimeCode(user)) return;
  if (!code?.trim()) {
    reply.header('WWW-Authenticate', 'TOTP');
    throw new ClientError('One-time code required', 401);
  }
  if (totpCodeMatches(user.totpKey!, code)) return;
  await request.server.signInLimits.failed(request, accountKey(user));
  throw new ClientError('User authorization failed', 401);
}

/**
 * Whether a request carrying the session cookie may act as the session's user. Without an Origin
 * (same-origin GETs, non-browser clients) it may. With one, the Origin must be where the session
 * was opened, one of RASTRO_CORS_ORIGINS, or this server itself: the browser says so
 * (`Sec-Fetch-Site: same-origin`, which no page can forge), or the Origin's host is the request's
 * (compared by host, so a TLS proxy in front changes nothing). A page of another site never rides
 * a session, whether or not the session was opened with an Origin.
 */
export function originMayUseSession(request: FastifyRequest, sessionOrigin: string | null, trustedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origin === sessionOrigin || trustedOrigins.includes(origin)) return true;
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * Resolves who is calling: a Bearer token, Basic credentials, or the JSESSIONID cookie
 * (see originMayUseSession). Problems only make the request anonymous, as in Traccar; the route
 * decides whether anonymous is allowed. Failed passwords and unknown tokens count against the
 * sign-in limits (429 once used up); Basic credentials of an account with a one-time code are
 * refused, since they cannot carry the code.
 */
export async function resolveUser(db: Kysely<Database>, request: FastifyRequest, trustedOrigins: readonly string[] = []): Promise<UserRow | null> {
  const header = request.headers.authorization;
  let user: UserRow | null | undefined = null;
  if (header) {
    const [scheme, value = ''] = header.split(' ', 2);
    if (scheme?.toLowerCase() === 'bearer') {
      const found = await tokenUser(db, request, value.trim());
      if ('user' in found) {
        user = found.user;
        request.credential = found.credential;
      }
    } else if (scheme?.toLowerCase() === 'basic') {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const split = decoded.indexOf(':');
      if (split > 0) user = await checkCredentials(request, db, decoded.slice(0, split), decoded.slice(split + 1));
      if (user && needsOneTimeCode(user)) user = null;
      if (user?.hashedPassword) request.credential = { kind: 'password', hashedPassword: user.hashedPassword };
    }
  } else {
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie) {
      const session = await findSession(db, cookie);
      if (session && originMayUseSession(request, session.origin, trustedOrigins)) user = await findUserById(db, session.userId);
      if (session) request.credential = { kind: 'session', id: session.id, expiresTime: session.expiresTime };
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

/** `Secure` when the request came over TLS (directly, or through a trusted proxy: RASTRO_TRUST_PROXY). */
export function setSessionCookie(reply: FastifyReply, id: string, maxAgeSeconds: number | null): void {
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.protocol === 'https',
    ...(maxAgeSeconds && maxAgeSeconds > 0 ? { maxAge: maxAgeSeconds } : {}),
  });
}
