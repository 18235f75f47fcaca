import { QR_DRIVER_USER_KEY } from '@rastro/api';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { UserRow } from '../db/users.ts';
import { ClientError } from '../domain/errors.ts';
import { newPasswordHash } from '../domain/password.ts';
import { qrDriverIdOf, qrSettings } from './rules.ts';

/**
 * The login account of a QR driver: a user whose e-mail is the driver's QR username, with the
 * attribute `tarkan.isQrDriverId`, no links and no rights (read-only, no devices, no users, no
 * commands, no reports). Kept in step with the driver by the drivers CRUD, inside its transaction.
 */

type Db = Kysely<Database>;

export function isQrDriverAccount(user: Pick<UserRow, 'attributes'>): boolean {
  return qrDriverIdOf(attrs(user.attributes)) !== null;
}

/** Few users carry the attribute; the LIKE narrows the scan, the parse decides. */
export async function findQrAccount(db: Db, driverId: number): Promise<UserRow | undefined> {
  const rows = await db.selectFrom('tc_users').selectAll().where('attributes', 'like', `%${QR_DRIVER_USER_KEY}%`).execute();
  return rows.find((row) => qrDriverIdOf(attrs(row.attributes)) === driverId);
}

export async function endSessions(db: Db, userId: number, tokensToo: boolean): Promise<void> {
  await db.deleteFrom('tc_sessions').where('userId', '=', userId).execute();
  if (tokensToo) await db.deleteFrom('tc_tokens').where('userId', '=', userId).execute();
}

/** Columns that make the account powerless, re-asserted on every save. */
const NO_RIGHTS = {
  administrator: 0, readonly: 1, deviceReadonly: 1, limitCommands: 1, disableReports: 1, fixedEmail: 1,
  deviceLimit: 0, userLimit: 0, temporary: 0, expirationTime: null,
} as const;

/**
 * Creates, updates or disables the account after a driver was written. `password` is the clear
 * password of this save (null keeps the stored one). Throws 'User duplicate' when another user
 * already signs in with that username.
 */
export async function syncQrAccount(db: Db, driver: { id: number; name: string; attributes: string }, password: string | null): Promise<void> {
  const settings = qrSettings(attrs(driver.attributes));
  const account = await findQrAccount(db, driver.id);
  if (!settings.enabled) {
    if (account && !account.disabled) {
      await db.updateTable('tc_users').set({ disabled: 1 }).where('id', '=', account.id).execute();
      await endSessions(db, account.id, true);
    }
    return;
  }
  const login = settings.username.toLowerCase();
  const clash = await db.selectFrom('tc_users').select('id')
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', login), eb(eb.fn('lower', ['login']), '=', login)]))
    .executeTakeFirst();
  if (clash && clash.id !== account?.id) throw new ClientError('User duplicate');
  const columns = { name: driver.name, email: settings.username, login: null, disabled: 0, ...NO_RIGHTS };
  if (account) {
    await db.updateTable('tc_users').set({ ...columns, ...(password ? await newPasswordHash(password) : {}) }).where('id', '=', account.id).execute();
    // a new password or username closes the sessions opened with the old ones
    if (password || account.email !== settings.username) await endSessions(db, account.id, true);
    return;
  }
  if (!password) throw new ClientError('attributes.tarkan.qrPassword: the QR password is required, at least 4 characters');
  await db.insertInto('tc_users').values({
    ...columns, phone: null, map: null, latitude: 0, longitude: 0, zoom: 0, coordinateFormat: null, poiLayer: null, totpKey: null,
    attributes: JSON.stringify({ [QR_DRIVER_USER_KEY]: driver.id }),
    ...(await newPasswordHash(password)),
  }).execute();
}

/** The driver was deleted: its account goes, with its sessions and tokens. */
export async function removeQrAccount(db: Db, driverId: number): Promise<void> {
  const account = await findQrAccount(db, driverId);
  if (!account) return;
  await endSessions(db, account.id, true);
  await db.deleteFrom('tc_user_user').where((eb) => eb.or([eb('userId', '=', account.id), eb('managedUserId', '=', account.id)])).execute();
  await db.deleteFrom('tc_users').where('id', '=', account.id).execute();
}
