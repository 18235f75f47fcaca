import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { digest } from './sessions.ts';

/**
 * Lost-password links: a random 32-byte secret, stored only as its SHA-256, usable once and
 * until it expires. A user has at most one: asking again replaces the older link.
 */
export async function createPasswordReset(db: Kysely<Database>, userId: number, lifetimeMs: number, now = Date.now()): Promise<string> {
  const secret = crypto.randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tc_password_resets').where('userId', '=', userId).execute();
    await trx.insertInto('tc_password_resets').values({ id: digest(secret), userId, createdTime: now, expiresTime: now + lifetimeMs }).execute();
  });
  return secret;
}

/** When the account's current link was made, if it has one still usable. */
export async function lastPasswordReset(db: Kysely<Database>, userId: number, now = Date.now()): Promise<number | null> {
  const row = await db.selectFrom('tc_password_resets').select('createdTime').where('userId', '=', userId)
    .where('expiresTime', '>=', now).orderBy('createdTime', 'desc').executeTakeFirst();
  return row ? row.createdTime : null;
}

export type ResetCheck = { userId: number } | { error: string };

/**
 * Takes the link out of the table and says whose it was. The delete is the claim: of two requests
 * with the same link only the one whose delete removed the row goes on.
 */
export async function consumePasswordReset(db: Kysely<Database>, secret: string, now = Date.now()): Promise<ResetCheck> {
  const row = await db.deleteFrom('tc_password_resets').where('id', '=', digest(secret)).returning(['userId', 'expiresTime']).executeTakeFirst();
  if (!row) return { error: 'Invalid token' };
  if (row.expiresTime < now) return { error: 'Token has expired' };
  return { userId: row.userId };
}
