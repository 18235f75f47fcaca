import type { Kysely } from 'kysely';
import { hashPassword } from '../domain/password.ts';
import { ClientError, notFound } from '../domain/errors.ts';
import { toIso } from '../domain/time.ts';
import { attrs } from './mappers.ts';
import type { Database } from './schema.ts';
import { createToken, digest } from './sessions.ts';
import type { UserRow } from './users.ts';
import crypto from 'node:crypto';

export interface ShareView {
  id: number;
  deviceId: number;
  expiration: string;
  createdTime: string;
  token: string;
}

/**
 * Temporary read-only access to one device (Traccar's /api/share/device, the product's shares):
 * a temporary user `<sharer email>:<device uniqueId>` flagged isShared, linked to the device only,
 * expiring with the link, and a token that signs the visitor in as that user.
 */
export async function shareDevice(db: Kysely<Database>, sharer: UserRow, deviceId: number, expiration: number, options: { commands: boolean; reports: boolean }): Promise<ShareView> {
  if (sharer.temporary) throw new ClientError('Temporary user');
  if (expiration <= Date.now()) throw new ClientError('expiration must be in the future');
  const device = await db.selectFrom('tc_devices').select(['id', 'name', 'uniqueId']).where('id', '=', deviceId).executeTakeFirst();
  if (!device) throw notFound('Device');
  const email = `${sharer.email}:${device.uniqueId}`;
  const expires = sharer.expirationTime !== null ? Math.min(expiration, sharer.expirationTime) : expiration;
  return db.transaction().execute(async (trx) => {
    let user = await trx.selectFrom('tc_users').selectAll().where('email', '=', email).executeTakeFirst();
    if (!user) {
      user = await trx.insertInto('tc_users').values({
        name: device.name, email, ...hashPassword(crypto.randomBytes(24).toString('base64url')),
        readonly: 1, administrator: 0, disabled: 0, deviceReadonly: 1, temporary: 1,
        limitCommands: sharer.limitCommands || !options.commands ? 1 : 0,
        disableReports: sharer.disableReports || !options.reports ? 1 : 0,
        fixedEmail: 1, deviceLimit: 0, userLimit: 0, latitude: 0, longitude: 0, zoom: 0, expirationTime: expires,
        attributes: JSON.stringify({ isShared: true }),
      }).returningAll().executeTakeFirstOrThrow();
      await trx.insertInto('tc_user_device').values({ userId: user.id, deviceId }).execute();
    } else if ((user.expirationTime ?? 0) < expires) {
      await trx.updateTable('tc_users').set({ expirationTime: expires }).where('id', '=', user.id).execute();
    }
    const token = await createToken(trx, user.id, expiration);
    const createdTime = Date.now();
    const row = await trx.insertInto('tc_shares').values({
      userId: sharer.id, deviceId, sharedUserId: user.id, tokenId: token, expiration, createdTime, attributes: '{}',
    }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, deviceId, expiration: toIso(expiration), createdTime: toIso(createdTime), token };
  });
}

export async function listShares(db: Kysely<Database>, userId: number | null): Promise<ShareView[]> {
  let q = db.selectFrom('tc_shares').selectAll().orderBy('createdTime', 'desc');
  if (userId !== null) q = q.where('userId', '=', userId);
  return (await q.execute()).map((r) => ({ id: r.id, deviceId: r.deviceId, expiration: toIso(r.expiration), createdTime: toIso(r.createdTime), token: r.tokenId }));
}

export async function findShare(db: Kysely<Database>, id: number) {
  return db.selectFrom('tc_shares').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a share's expiry: its token and its temporary user follow. */
export async function updateShare(db: Kysely<Database>, id: number, expiration: number): Promise<void> {
  if (expiration <= Date.now()) throw new ClientError('expiration must be in the future');
  const share = await findShare(db, id);
  if (!share) throw notFound('Share');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('tc_shares').set({ expiration }).where('id', '=', id).execute();
    await trx.updateTable('tc_tokens').set({ expiresTime: expiration }).where('id', '=', digest(share.tokenId)).execute();
    await trx.updateTable('tc_users').set({ expirationTime: expiration }).where('id', '=', share.sharedUserId).execute();
  });
}

/** Revokes a share: its token stops working and the temporary user goes when no share needs it. */
export async function revokeShare(db: Kysely<Database>, id: number): Promise<void> {
  const share = await findShare(db, id);
  if (!share) throw notFound('Share');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tc_shares').where('id', '=', id).execute();
    await trx.updateTable('tc_tokens').set({ revoked: 1 }).where('id', '=', digest(share.tokenId)).execute();
    const others = await trx.selectFrom('tc_shares').select('id').where('sharedUserId', '=', share.sharedUserId).executeTakeFirst();
    if (!others) {
      await trx.deleteFrom('tc_users').where('id', '=', share.sharedUserId).where('temporary', '=', 1).execute();
      await trx.deleteFrom('tc_user_device').where('userId', '=', share.sharedUserId).execute();
      await trx.deleteFrom('tc_sessions').where('userId', '=', share.sharedUserId).execute();
      await trx.deleteFrom('tc_tokens').where('userId', '=', share.sharedUserId).execute();
    }
  });
}

export function sharingDisabled(serverAttributes: string): boolean {
  return attrs(serverAttributes).disableShare === true;
}
