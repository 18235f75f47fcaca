import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Shares made safe (issue 14): every link gets a temporary user of its own and its token is kept
 * as a SHA-256, like tc_tokens.
 *
 * Existing links keep working: each clear `tc_shares.tokenId` is replaced by its digest (the same
 * value tc_tokens holds, so the visitor's link still signs in). Old temporary users, named
 * `<sharer email>:<uniqueId>` and shared by every link of one sharer to one device, are split: the
 * oldest link keeps the user, each further link gets a copy of it linked to the same device, and
 * its token moves to the copy. Each user is renamed to a random `share-…@shares.invalid`, loses
 * its (random, never given out) password and takes its own link's expiry (an old longer link
 * used to extend a shorter one). Sessions of a split user cannot be told apart by link, so they
 * end: a visitor opens his link again. Tokens that temporary users minted themselves, which no
 * link governs, are revoked; share users mint none any more.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
type Db = Kysely<any>;

// frozen here, not imported, so that a later change elsewhere cannot change what this migration did
const sha256 = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');
const shareEmail = () => `share-${crypto.randomBytes(16).toString('hex')}@shares.invalid`;

/** The columns of tc_shares read here, as they were at this migration. */
interface ShareRow {
  id: number;
  deviceId: number;
  sharedUserId: number;
  tokenId: string;
  expiration: number;
}

export async function up(db: Db): Promise<void> {
  const shares = (await db.selectFrom('tc_shares').selectAll().orderBy('id').execute()) as ShareRow[];
  const claimed = new Set<number>();
  const split = new Set<number>();
  for (const share of shares) {
    const tokenId = /^[0-9a-f]{64}$/.test(share.tokenId) ? share.tokenId : sha256(share.tokenId);
    let userId: number = share.sharedUserId;
    const user: Record<string, unknown> | undefined = await db.selectFrom('tc_users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (user && claimed.has(userId)) {
      split.add(userId);
      const { id: _id, ...copy } = user;
      const created = await db.insertInto('tc_users').values({ ...copy, email: shareEmail() }).returning('id').executeTakeFirstOrThrow();
      userId = Number(created.id);
      await db.insertInto('tc_user_device').values({ userId, deviceId: share.deviceId }).execute();
      await db.updateTable('tc_tokens').set({ userId }).where('id', '=', tokenId).execute();
    }
    claimed.add(userId);
    if (user) {
      await db.updateTable('tc_users')
        .set({ email: shareEmail(), hashedPassword: null, salt: null, expirationTime: share.expiration })
        .where('id', '=', userId).where('temporary', '=', 1).execute();
    }
    await db.updateTable('tc_shares').set({ tokenId, sharedUserId: userId }).where('id', '=', share.id).execute();
  }
  if (split.size) await db.deleteFrom('tc_sessions').where('userId', 'in', [...split]).execute();
  await db.updateTable('tc_tokens').set({ revoked: 1 })
    .where('userId', 'in', db.selectFrom('tc_users').select('id').where('temporary', '=', 1))
    .where('id', 'not in', db.selectFrom('tc_shares').select('tokenId'))
    .execute();
}
