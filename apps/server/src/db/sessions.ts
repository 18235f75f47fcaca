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

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('tc_sessions').where('id', '=', digest(id)).execute();
}

export async function createToken(db: Kysely<Database>, userId: number, expiresTime: number): Promise<string> {
  const token = secret();
  await db.insertInto('tc_tokens').values({ id: digest(token), userId, createdTime: Date.now(), expiresTime, revoked: 0 }).execute();
  return token;
}

export type TokenCheck = { userId: number; expiresTime: number } | { error: string };

export async function checkToken(db: Kysely<Database>, token: string): Promise<TokenCheck> {
  const row = await db.selectFrom('tc_tokens').selectAll().where('id', '=', digest(token)).executeTakeFirst();
  if (!row) return { error: 'Invalid token' };
  if (row.revoked) return { error: 'Token has been revoked' };
  if (row.expiresTime < Date.now()) return { error: 'Token has expired' };
  return { userId: row.userId, expiresTime: row.expiresTime };
}

export async function revokeToken(db: Kysely<Database>, token: string): Promise<boolean> {
  const result = await db.updateTable('tc_tokens').set({ revoked: 1 }).where('id', '=', digest(token)).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
