import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Cookie sessions and bearer tokens. Only a SHA-256 of each secret is stored, so a copy of
 * the database does not hand out live sessions.
 */
export const digest = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');
const secret = () => crypto.randomBytes(32).toString('base64url');

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  expiresTime: number | null,
  origin: string | null,
): Promise<string> {
  const id = secret();
  await db.insertInto('tc_sessions').values({ id: digest(id), userId, createdTime: Date.now(), expiresTime, origin }).execute();
  return id;
}

export async function findSession(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('tc_sessions').selectAll().where('id', '=', digest(id)).executeTakeFirst();
  if (!row) return null;
  if (row.expiresTime !== null && row.expiresTime < Date.now()) {
    await deleteSession(db, id);
    return null;
  }
  return row;
}

/** Deletes a session by its secret; answers its digest and user, or null when there was none. */
export async function deleteSession(db: Kysely<Database>, id: string): Promise<{ id: string; userId: number } | null> {
  return (await db.deleteFrom('tc_sessions').where('id', '=', digest(id)).returning(['id', 'userId']).executeTakeFirst()) ?? null;
}

export async function createToken(db: Kysely<Database>, userId: number, expiresTime: number): Promise<string> {
  const token = secret();
  await db.insertInto('tc_tokens').values({ id: digest(token), userId, createdTime: Date.now(), expiresTime, revoked: 0 }).execute();
  return token;
}

/** `id` is the stored digest: what revocation and the socket hub name a token by. */
export type TokenCheck = { id: string; userId: number; expiresTime: number } | { error: string };

export async function checkToken(db: Kysely<Database>, token: string): Promise<TokenCheck> {
  const row = await db.selectFrom('tc_tokens').selectAll().where('id', '=', digest(token)).executeTakeFirst();
  if (!row) return { error: 'Invalid token' };
  if (row.revoked) return { error: 'Token has been revoked' };
  if (row.expiresTime < Date.now()) return { error: 'Token has expired' };
  return { id: row.id, userId: row.userId, expiresTime: row.expiresTime };
}

/** Revokes a token; answers its owner and digest, or null when no such token exists. */
export async function revokeToken(db: Kysely<Database>, token: string): Promise<{ userId: number; id: string } | null> {
  const id = digest(token);
  const row = await db.updateTable('tc_tokens').set({ revoked: 1 }).where('id', '=', id).returning('userId').executeTakeFirst();
  return row ? { userId: row.userId, id } : null;
}

/** What a user's credentials ended: the digests of the sessions deleted and the tokens revoked. */
export interface EndedCredentials {
  sessionIds: string[];
  tokenIds: string[];
}

/**
 * Ends a user's sessions and tokens, except the one the caller is using (a password change keeps
 * the changer signed in). Tokens are marked revoked, not deleted, so a client hears why.
 */
export async function endCredentials(
  db: Kysely<Database>,
  userId: number,
  keep: { sessionId?: string; tokenId?: string } = {},
): Promise<EndedCredentials> {
  return db.transaction().execute(async (trx) => {
    let sessions = trx.deleteFrom('tc_sessions').where('userId', '=', userId);
    if (keep.sessionId) sessions = sessions.where('id', '!=', keep.sessionId);
    let tokens = trx.updateTable('tc_tokens').set({ revoked: 1 }).where('userId', '=', userId).where('revoked', '=', 0);
    if (keep.tokenId) tokens = tokens.where('id', '!=', keep.tokenId);
    return {
      sessionIds: (await sessions.returning('id').execute()).map((r) => r.id),
      tokenIds: (await tokens.returning('id').execute()).map((r) => r.id),
    };
  });
}

/** An account's expiry moved earlier: no session or token of it outlives the new one. */
export async function capCredentials(db: Kysely<Database>, userId: number, until: number): Promise<void> {
  await db.updateTable('tc_sessions').set({ expiresTime: until }).where('userId', '=', userId)
    .where((eb) => eb.or([eb('expiresTime', 'is', null), eb('expiresTime', '>', until)])).execute();
  await db.updateTable('tc_tokens').set({ expiresTime: until }).where('userId', '=', userId).where('expiresTime', '>', until).execute();
}
