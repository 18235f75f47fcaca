import crypto from 'node:crypto';
import { QR_DEVICE_USER_KEY, type QrDeviceAccess } from '@rastro/api';
import type { Kysely } from 'kysely';
import { toIso } from '../domain/time.ts';
import { writeTransaction, type Repo } from './changes.ts';
import { attrs } from './mappers.ts';
import type { Database } from './schema.ts';
import { createToken, digest } from './sessions.ts';
import type { UserRow } from './users.ts';

/**
 * The QR device login (spec §3 `tarkan.isQrDeviceId`, §6): a user tied to one vehicle, reached
 * through the vehicle's access QR code. Its link carries a sign-in token (the database keeps the
 * digest); the user is linked to that device only and has no rights: read-only, device-read-only,
 * no commands, no reports, no devices or users of its own, no password (only the token signs in).
 * Issuing a new code replaces the old one, whose visitors are signed out.
 */

type Db = Kysely<Database>;

/** A token that lasts until the code is replaced or revoked: a sticker on a vehicle has no expiry. */
const NEVER = Date.UTC(9999, 11, 31);

/** The device a QR device login is tied to; null for any other user. */
export function qrDeviceIdOf(user: Pick<UserRow, 'attributes'>): number | null {
  const id = Number(attrs(user.attributes)[QR_DEVICE_USER_KEY]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Few users carry the attribute; the LIKE narrows the scan, the parse decides. */
export async function findQrDeviceAccount(db: Db, deviceId: number): Promise<UserRow | undefined> {
  const rows = await db.selectFrom('tc_users').selectAll().where('attributes', 'like', `%${QR_DEVICE_USER_KEY}%`).execute();
  return rows.find((row) => qrDeviceIdOf(row) === deviceId);
}

export async function qrDeviceAccess(db: Db, deviceId: number): Promise<QrDeviceAccess> {
  const account = await findQrDeviceAccount(db, deviceId);
  if (!account) return { deviceId, active: false };
  const token = await db.selectFrom('tc_tokens').select('createdTime').where('userId', '=', account.id).where('revoked', '=', 0)
    .orderBy('createdTime', 'desc').executeTakeFirst();
  return token ? { deviceId, active: true, createdTime: toIso(token.createdTime) } : { deviceId, active: false };
}

/**
 * Issues the vehicle's access code: creates the login on first use, otherwise ends every session
 * and token of the previous code. Answers the new token, shown once. `name` labels the login.
 */
export function issueQrDeviceAccess(repo: Repo, device: { id: number; name: string }): Promise<QrDeviceAccess & { userId: number; replaced: boolean }> {
  return writeTransaction(repo, async (trx, changes) => {
    let account = await findQrDeviceAccount(trx, device.id);
    const replaced = account !== undefined;
    if (account) {
      await trx.deleteFrom('tc_sessions').where('userId', '=', account.id).execute();
      await trx.updateTable('tc_tokens').set({ revoked: 1 }).where('userId', '=', account.id).execute();
      await trx.updateTable('tc_users').set({ name: device.name, disabled: 0, ...NO_RIGHTS }).where('id', '=', account.id).execute();
    } else {
      account = await trx.insertInto('tc_users').values({
        name: device.name,
        // random, under the reserved .invalid domain: nothing a user types can name it, no mail reaches it
        email: `qr-device-${crypto.randomBytes(12).toString('hex')}@qr-device.invalid`,
        hashedPassword: null, salt: null, disabled: 0, phone: null, map: null, latitude: 0, longitude: 0, zoom: 0,
        coordinateFormat: null, poiLayer: null, totpKey: null, login: null,
        attributes: JSON.stringify({ [QR_DEVICE_USER_KEY]: device.id }),
        ...NO_RIGHTS,
      }).returningAll().executeTakeFirstOrThrow();
      await trx.insertInto('tc_user_device').values({ userId: account.id, deviceId: device.id }).execute();
      changes.link('userId', 'deviceId', [account.id], [device.id]);
    }
    changes.entity('user', account.id);
    const token = await createToken(trx, account.id, NEVER);
    const { createdTime } = await trx.selectFrom('tc_tokens').select('createdTime').where('id', '=', digest(token)).executeTakeFirstOrThrow();
    return { deviceId: device.id, active: true, createdTime: toIso(createdTime), token, userId: account.id, replaced };
  });
}

/** Columns that keep the login powerless, re-asserted on every issue. */
const NO_RIGHTS = {
  administrator: 0, readonly: 1, deviceReadonly: 1, limitCommands: 1, disableReports: 1, fixedEmail: 1,
  deviceLimit: 0, userLimit: 0, temporary: 0, expirationTime: null,
} as const;

/**
 * Removes the vehicle's QR login with its links, sessions and tokens (code revoked, or device
 * deleted for good). Answers the removed user's id, for the caller to close his sockets.
 */
export function removeQrDeviceAccess(repo: Repo, deviceId: number): Promise<number | null> {
  return writeTransaction(repo, async (trx, changes) => {
    const account = await findQrDeviceAccount(trx, deviceId);
    if (!account) return null;
    await trx.deleteFrom('tc_sessions').where('userId', '=', account.id).execute();
    await trx.deleteFrom('tc_tokens').where('userId', '=', account.id).execute();
    await trx.deleteFrom('tc_user_device').where('userId', '=', account.id).execute();
    await trx.deleteFrom('tc_user_group').where('userId', '=', account.id).execute();
    await trx.deleteFrom('tc_user_user').where((eb) => eb.or([eb('userId', '=', account.id), eb('managedUserId', '=', account.id)])).execute();
    await trx.deleteFrom('tc_users').where('id', '=', account.id).execute();
    changes.entity('user', account.id).link('userId', 'deviceId', [account.id], null).link('userId', 'groupId', [account.id], null);
    return account.id;
  });
}
