import type { FastifyRequest } from 'fastify';
import { suspensionReason } from '../billing/account.ts';
import type { Db } from '../db/connection.ts';
import { idIn } from '../db/id-list.ts';
import { capCredentials, deleteSession, endCredentials } from '../db/sessions.ts';
import type { UserRow } from '../db/users.ts';
import type { LiveBus, Revocation } from '../live/bus.ts';
import type { SocketOwner, StaleOwners } from '../live/socket-hub.ts';
import { disabledReason } from './auth.ts';

/**
 * Revocation that reaches everything: what ends a user's right ends his database sessions and
 * tokens first, then a `revoke` message on the live bus closes his open sockets on every node.
 * The socket hub's periodic re-check (`staleOwners`) bounds anything no message announced.
 */
interface Deps {
  db: Db;
  bus: LiveBus;
}

export function announceRevocation(bus: LiveBus, revocation: Omit<Revocation, 'kind'>): void {
  if (revocation.userIds.length) bus.publish({ kind: 'revoke', ...revocation });
}

/** Logout: the session goes, and the sockets it opened close. */
export async function endSession(ctx: Deps, secret: string): Promise<void> {
  const ended = await deleteSession(ctx.db.kysely, secret);
  if (ended) announceRevocation(ctx.bus, { userIds: [ended.userId], sessionIds: [ended.id], logout: true });
}

/**
 * After a user was saved (a deleted one needs only the announcement, his rows being gone):
 * - disabled or expired: every session, token and socket of his ends;
 * - password changed: every other session and token ends — the one making the change (when the
 *   user changes his own) stays, the rest were opened by whoever knew the old password;
 * - expiry moved earlier: no session or token outlives it.
 */
export async function revokeAfterUserChange(ctx: Deps, before: UserRow, after: UserRow, request: FastifyRequest): Promise<void> {
  const userId = before.id;
  if (disabledReason(after)) {
    await endCredentials(ctx.db.kysely, userId);
    announceRevocation(ctx.bus, { userIds: [userId], all: true });
    return;
  }
  if (after.expirationTime !== null && (before.expirationTime === null || after.expirationTime < before.expirationTime)) {
    await capCredentials(ctx.db.kysely, userId, after.expirationTime);
  }
  if (before.hashedPassword !== after.hashedPassword) {
    const own = request.user?.id === userId ? request.credential : null;
    const keep = own?.kind === 'session' ? { sessionId: own.id } : own?.kind === 'token' ? { tokenId: own.id } : {};
    const ended = await endCredentials(ctx.db.kysely, userId, keep);
    announceRevocation(ctx.bus, { userIds: [userId], ...ended });
  }
}

const CHUNK = 500;

async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) rows.push(...(await read(ids.slice(i, i + CHUNK))));
  return rows;
}

/**
 * The socket hub's re-check: a socket stays open while its user may sign in (not deleted,
 * disabled, expired or suspended, as `resolveUser` decides) and what opened it still holds (the
 * session exists and has not expired; the token is neither revoked nor expired; a Basic password
 * is still the account's). Three queries for any number of sockets.
 */
export function staleOwners(db: Db): StaleOwners {
  return async (owners: SocketOwner[], now: number) => {
    const userIds = [...new Set(owners.map((o) => o.userId))];
    const users = new Map((await db.kysely.selectFrom('tc_users').selectAll().where(idIn(db.dialect, 'id', userIds)).execute()).map((u) => [u.id, u]));
    const sessionIds = [...new Set(owners.flatMap((o) => (o.sessionId ? [o.sessionId] : [])))];
    const tokenIds = [...new Set(owners.flatMap((o) => (o.tokenId ? [o.tokenId] : [])))];
    const sessions = new Map((await inChunks(sessionIds, (chunk) =>
      db.kysely.selectFrom('tc_sessions').select(['id', 'expiresTime']).where('id', 'in', chunk).execute())).map((s) => [s.id, s]));
    const tokens = new Map((await inChunks(tokenIds, (chunk) =>
      db.kysely.selectFrom('tc_tokens').select(['id', 'expiresTime', 'revoked']).where('id', 'in', chunk).execute())).map((t) => [t.id, t]));
    const stale = new Set<SocketOwner>();
    for (const owner of owners) {
      const user = users.get(owner.userId);
      const session = owner.sessionId ? sessions.get(owner.sessionId) : undefined;
      const token = owner.tokenId ? tokens.get(owner.tokenId) : undefined;
      const gone =
        !user || disabledReason(user, now) !== null || suspensionReason(user, now) !== null ||
        (owner.sessionId !== undefined && (!session || (session.expiresTime !== null && session.expiresTime < now))) ||
        (owner.tokenId !== undefined && (!token || Boolean(token.revoked) || token.expiresTime < now)) ||
        (owner.hashedPassword !== undefined && owner.hashedPassword !== user.hashedPassword);
      if (gone) stale.add(owner);
    }
    return stale;
  };
}

/** The socket owner a request describes (its user and credential), for the hub. */
export function socketOwner(request: FastifyRequest): SocketOwner {
  const user = request.user!;
  const credential = request.credential;
  if (credential?.kind === 'session') return { userId: user.id, sessionId: credential.id };
  if (credential?.kind === 'token') return { userId: user.id, tokenId: credential.id };
  if (credential?.kind === 'password') return { userId: user.id, hashedPassword: credential.hashedPassword };
  return { userId: user.id };
}
