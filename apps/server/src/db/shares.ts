import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ClientError, notFound } from '../domain/errors.ts';
import { toIso } from '../domain/time.ts';
import { writeTransaction, type Repo } from './changes.ts';
import { attrs } from './mappers.ts';
import type { Database } from './schema.ts';
import { capCredentials, createToken, digest } from './sessions.ts';
import type { UserRow } from './users.ts';

export interface ShareView {
  id: number;
  /** 0 when the link shares a group. */
  deviceId: number;
  /** Only on a link that shares a group (Traccar's /api/share/group). */
  groupId?: number;
  expiration: string;
  createdTime: string;
  /** The link's secret: only in the answer that creates it (the database keeps its SHA-256). */
  token?: string;
}

/**
 * A share's temporary user's e-mail: random, so that nothing a user types can name it (it used
 * to be `<sharer email>:<uniqueId>`, which a crafted pair could collide with), and under the
 * reserved `.invalid` domain, so that it is never anyone's address. The user has no password:
 * only the link's token signs in as him.
 */
export const shareUserEmail = () => `share-${crypto.randomBytes(16).toString('hex')}@shares.invalid`;

/**
 * Temporary read-only access to one device (Traccar's /api/share/device, the product's shares).
 * Each link gets a temporary user of its own (flagged isShared, linked to the device only,
 * expiring with the link) and a token that signs the visitor in as that user; so revoking the
 * link ends exactly its visitors, and no link's expiry moves another's.
 */
export async function shareDevice(repo: Repo, sharer: UserRow, deviceId: number, expiration: number, options: ShareOptions): Promise<ShareView> {
  const device = await repo.db.kysely.selectFrom('tc_devices').select(['id', 'name']).where('id', '=', deviceId).executeTakeFirst();
  if (!device) throw notFound('Device');
  return share(repo, sharer, { deviceId, name: device.name }, expiration, options);
}

/**
 * A link to a group (Traccar's /api/share/group): as a device's, its temporary user being linked
 * to the group instead, so the visitor sees the group's devices and its subgroups'.
 */
export async function shareGroup(repo: Repo, sharer: UserRow, groupId: number, expiration: number, options: ShareOptions): Promise<ShareView> {
  const group = await repo.db.kysely.selectFrom('tc_groups').select(['id', 'name']).where('id', '=', groupId).executeTakeFirst();
  if (!group) throw notFound('Group');
  return share(repo, sharer, { groupId, name: group.name }, expiration, options);
}

export interface ShareOptions {
  /** The server lets share visitors send commands (web.shareDevice.commands). */
  commands: boolean;
  /** The server lets share visitors run reports (web.shareDevice.reports). */
  reports: boolean;
}

type Shared = { deviceId: number; name: string } | { groupId: number; name: string };

async function share(repo: Repo, sharer: UserRow, shared: Shared, expiration: number, options: ShareOptions): Promise<ShareView> {
  if (sharer.temporary) throw new ClientError('Temporary user');
  if (expiration <= Date.now()) throw new ClientError('expiration must be in the future');
  // a link never outlives the account that made it
  const expires = sharer.expirationTime !== null ? Math.min(expiration, sharer.expirationTime) : expiration;
  return writeTransaction(repo, async (trx, changes) => {
    const user = await trx.insertInto('tc_users').values({
      name: shared.name, email: shareUserEmail(), hashedPassword: null, salt: null,
      readonly: 1, administrator: 0, disabled: 0, deviceReadonly: 1, temporary: 1,
      limitCommands: sharer.limitCommands || !options.commands ? 1 : 0,
      disableReports: sharer.disableReports || !options.reports ? 1 : 0,
      fixedEmail: 1, deviceLimit: 0, userLimit: 0, latitude: 0, longitude: 0, zoom: 0, expirationTime: expires,
      attributes: JSON.stringify({ isShared: true }),
    }).returning('id').executeTakeFirstOrThrow();
    changes.entity('user', user.id);
    if ('deviceId' in shared) {
      await trx.insertInto('tc_user_device').values({ userId: user.id, deviceId: shared.deviceId }).execute();
      changes.link('userId', 'deviceId', [user.id], [shared.deviceId]);
    } else {
      await trx.insertInto('tc_user_group').values({ userId: user.id, groupId: shared.groupId }).execute();
      changes.link('userId', 'groupId', [user.id], [shared.groupId]);
    }
    const token = await createToken(trx, user.id, expires);
    const createdTime = Date.now();
    const deviceId = 'deviceId' in shared ? shared.deviceId : 0;
    const groupId = 'groupId' in shared ? shared.groupId : null;
    const row = await trx.insertInto('tc_shares').values({
      userId: sharer.id, deviceId, groupId, sharedUserId: user.id, tokenId: digest(token), expiration: expires, createdTime, attributes: '{}',
    }).returning('id').executeTakeFirstOrThrow();
    return { ...view({ id: row.id, deviceId, groupId, expiration: expires, createdTime }), token };
  });
}

function view(row: { id: number; deviceId: number; groupId: number | null; expiration: number; createdTime: number }): ShareView {
  return {
    id: row.id, deviceId: row.deviceId, ...(row.groupId !== null ? { groupId: row.groupId } : {}),
    expiration: toIso(row.expiration), createdTime: toIso(row.createdTime),
  };
}

/** Shares without their tokens, which are stored hashed and shown once, when created. */
export async function listShares(db: Kysely<Database>, userId: number | null): Promise<ShareView[]> {
  let q = db.selectFrom('tc_shares').selectAll().orderBy('createdTime', 'desc');
  if (userId !== null) q = q.where('userId', '=', userId);
  return (await q.execute()).map(view);
}

export async function findShare(db: Kysely<Database>, id: number) {
  return db.selectFrom('tc_shares').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Moves a share's expiry (never beyond its maker's account): its token and its temporary user
 * follow, and sessions the visitor opened end by then too.
 */
export async function updateShare(db: Kysely<Database>, id: number, expiration: number): Promise<void> {
  if (expiration <= Date.now()) throw new ClientError('expiration must be in the future');
  const share = await findShare(db, id);
  if (!share) throw notFound('Share');
  const owner = await db.selectFrom('tc_users').select('expirationTime').where('id', '=', share.userId).executeTakeFirst();
  const expires = owner?.expirationTime != null ? Math.min(expiration, owner.expirationTime) : expiration;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('tc_shares').set({ expiration: expires }).where('id', '=', id).execute();
    await trx.updateTable('tc_tokens').set({ expiresTime: expires }).where('id', '=', share.tokenId).execute();
    await trx.updateTable('tc_users').set({ expirationTime: expires }).where('id', '=', share.sharedUserId).where('temporary', '=', 1).execute();
    await capCredentials(trx, share.sharedUserId, expires);
  });
}

/**
 * Revokes a share: its temporary user goes, with his device link, sessions and tokens (the
 * caller announces it, so his open sockets close). Answers that user's id.
 */
export async function revokeShare(repo: Repo, id: number): Promise<number> {
  const share = await findShare(repo.db.kysely, id);
  if (!share) throw notFound('Share');
  await writeTransaction(repo, async (trx, changes) => {
    await trx.deleteFrom('tc_shares').where('id', '=', id).execute();
    await trx.deleteFrom('tc_users').where('id', '=', share.sharedUserId).where('temporary', '=', 1).execute();
    await trx.deleteFrom('tc_user_device').where('userId', '=', share.sharedUserId).execute();
    await trx.deleteFrom('tc_user_group').where('userId', '=', share.sharedUserId).execute();
    await trx.deleteFrom('tc_sessions').where('userId', '=', share.sharedUserId).execute();
    await trx.updateTable('tc_tokens').set({ revoked: 1 }).where('userId', '=', share.sharedUserId).execute();
    changes.entity('user', share.sharedUserId).link('userId', 'deviceId', [share.sharedUserId], null).link('userId', 'groupId', [share.sharedUserId], null);
  });
  return share.sharedUserId;
}

export function sharingDisabled(serverAttributes: string): boolean {
  return attrs(serverAttributes).disableShare === true;
}
