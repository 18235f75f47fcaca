import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { announced, deleteById, linkProperties, writeTransaction, type ChangeSet, type Repo } from '../changes.ts';
import type { Db } from '../connection.ts';
import { updateDeviceRow } from '../device-update.ts';
import { idIn } from '../id-list.ts';
import { DEVICE_WIRE_COLUMNS } from '../mappers.ts';
import { DELETED_UNIQUE_ID_PATTERN, deletedUniqueId, parseDeletedUniqueId } from '../../domain/deleted-device.ts';
import { ClientError, notFound } from '../../domain/errors.ts';
import { LINKS, type Database, type DeviceTable } from '../schema.ts';

/** The devices aggregate: its rows and the links that go when a device goes. */
export type DeviceRow = Selectable<DeviceTable>;

/** Devices linked to a user directly (not through groups). */
export async function linkedDeviceIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('tc_user_device').select('deviceId').where('userId', '=', userId).execute();
  return rows.map((r) => r.deviceId);
}

/** The wire's columns of devices, by name: all, or those in `scope`, narrowed by ids and uniqueIds. */
export function listDevices(db: Db, filter: { scope: number[] | 'all'; ids: number[]; uniqueIds: string[] }) {
  // the wire's columns only: the motion and overspeed state would double the rows' reading
  let q = db.kysely.selectFrom('tc_devices').select(DEVICE_WIRE_COLUMNS).where('uniqueId', 'not like', DELETED_UNIQUE_ID_PATTERN).orderBy('name');
  if (filter.scope !== 'all') q = q.where(idIn(db.dialect, 'id', filter.scope));
  if (filter.ids.length) q = q.where('id', 'in', filter.ids);
  if (filter.uniqueIds.length) q = q.where('uniqueId', 'in', filter.uniqueIds);
  return q.execute();
}

export function findDevice(db: Kysely<Database>, id: number): Promise<DeviceRow | undefined> {
  return db.selectFrom('tc_devices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deviceIdByUniqueId(db: Kysely<Database>, uniqueId: string): Promise<number | undefined> {
  return (await db.selectFrom('tc_devices').select('id').where('uniqueId', '=', uniqueId).executeTakeFirst())?.id;
}

/** Every device on the server but the soft-deleted (the licence's limit counts them all). */
export async function countDevices(db: Kysely<Database>): Promise<number> {
  // a count is a bigint on PostgreSQL
  const total = await db.selectFrom('tc_devices').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('uniqueId', 'not like', DELETED_UNIQUE_ID_PATTERN).executeTakeFirstOrThrow();
  return Number(total.n);
}

/**
 * Creates a device linked to its creator. `check` runs first inside the transaction (limits
 * counted under their locks); the change goes out after the commit.
 */
export function insertDevice(repo: Repo, userId: number, values: Insertable<DeviceTable>, check: (trx: Transaction<Database>) => Promise<void>): Promise<DeviceRow> {
  return writeTransaction(repo, async (trx, changes) => {
    await check(trx);
    const created = await trx.insertInto('tc_devices').values(values).returningAll().executeTakeFirstOrThrow();
    await trx.insertInto('tc_user_device').values({ userId, deviceId: created.id }).execute();
    changes.entity('device', created.id).link('userId', 'deviceId', [userId], [created.id]);
    return created;
  });
}

/** A compare-and-swap update (db/device-update.ts); undefined when the device is gone. */
export async function updateDevice(
  repo: Repo,
  id: number,
  values: (stored: DeviceRow) => Updateable<DeviceTable> | Promise<Updateable<DeviceTable>>,
): Promise<DeviceRow | undefined> {
  return announced(repo, 'device', id, await updateDeviceRow(repo.db.kysely, id, values));
}

/** Device links cleared with the device, by the link's other end. */
const DEVICE_LINKS = linkProperties('deviceId');

/** Deletes a device with its links, positions, events and queued commands (404 when there is none). */
export function deleteDevice(repo: Repo, id: number): Promise<void> {
  return writeTransaction(repo, async (trx, changes) => {
    await deleteById(trx, 'tc_devices', id, 'Device');
    await trx.deleteFrom('tc_user_device').where('deviceId', '=', id).execute();
    for (const property of DEVICE_LINKS) {
      if (property === 'linkedDeviceId') continue;
      await trx.deleteFrom(LINKS.deviceId[property]).where('deviceId', '=', id).execute();
    }
    await trx.deleteFrom('tc_device_device').where((eb) => eb.or([eb('deviceId', '=', id), eb('linkedDeviceId', '=', id)])).execute();
    await trx.deleteFrom('tc_positions').where('deviceId', '=', id).execute();
    await trx.deleteFrom('tc_events').where('deviceId', '=', id).execute();
    await trx.deleteFrom('tc_commands_queue').where('deviceId', '=', id).execute();
    recordDeviceGone(changes, id);
  });
}

/**
 * Lazy deletion (spec §3): the row, its positions, events and links stay; the uniqueId becomes
 * `deleted-<ms>-<original>` (domain/deleted-device.ts), which hides the device everywhere and
 * frees the original for a new one. Queued commands go: nothing will ever take them. To the
 * caches the device is gone (its links are announced as a deleted device's).
 */
export function softDeleteDevice(repo: Repo, id: number, now: number): Promise<void> {
  return writeTransaction(repo, async (trx, changes) => {
    const row = await trx.selectFrom('tc_devices').select('uniqueId').where('id', '=', id).executeTakeFirst();
    if (!row || parseDeletedUniqueId(row.uniqueId)) throw notFound('Device');
    await trx.updateTable('tc_devices').set({ uniqueId: deletedUniqueId(row.uniqueId, now), status: 'offline' }).where('id', '=', id).execute();
    await trx.deleteFrom('tc_commands_queue').where('deviceId', '=', id).execute();
    recordDeviceGone(changes, id);
  });
}

/** Soft-deleted devices, latest deletion first, with the identifier each had. */
export async function listDeletedDevices(db: Kysely<Database>) {
  const rows = await db.selectFrom('tc_devices').select(DEVICE_WIRE_COLUMNS).where('uniqueId', 'like', DELETED_UNIQUE_ID_PATTERN).execute();
  return rows.flatMap((row) => {
    const parsed = parseDeletedUniqueId(row.uniqueId);
    return parsed ? [{ row, ...parsed }] : [];
  }).sort((a, b) => b.deletedAt - a.deletedAt);
}

/** The soft-deleted device's row and original identifier; 404 for any other id. */
export async function findDeletedDevice(db: Kysely<Database>, id: number) {
  const row = await findDevice(db, id);
  const parsed = row && parseDeletedUniqueId(row.uniqueId);
  if (!row || !parsed) throw notFound('Deleted device');
  return { row, ...parsed };
}

/**
 * Gives a soft-deleted device its identifier back, with everything it kept. 409 when another
 * device took the identifier meanwhile.
 */
export function restoreDevice(repo: Repo, id: number): Promise<DeviceRow> {
  return writeTransaction(repo, async (trx, changes) => {
    const { original } = await findDeletedDevice(trx, id);
    const clash = await deviceIdByUniqueId(trx, original);
    if (clash !== undefined) throw new ClientError('Device identifier already in use', 409);
    const restored = await trx.updateTable('tc_devices').set({ uniqueId: original }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    // the users who see it directly had it dropped from their caches: they read it again
    const users = await linkedUserIds(trx, id);
    changes.entity('device', id);
    if (users.length) changes.link('userId', 'deviceId', users, [id]);
    return restored;
  });
}

async function linkedUserIds(db: Kysely<Database>, deviceId: number): Promise<number[]> {
  return (await db.selectFrom('tc_user_device').select('userId').where('deviceId', '=', deviceId).execute()).map((r) => r.userId);
}

function recordDeviceGone(changes: ChangeSet, id: number): void {
  changes.entity('device', id).link('userId', 'deviceId', null, [id]);
  for (const property of DEVICE_LINKS) changes.link('deviceId', property, [id], null);
  changes.link('deviceId', 'linkedDeviceId', null, [id]);
}

/** Devices in these groups (already expanded to their subgroups). */
export async function deviceIdsInGroups(db: Db, groupIds: number[]): Promise<number[]> {
  if (!groupIds.length) return [];
  const rows = await db.kysely.selectFrom('tc_devices').select('id').where(idIn(db.dialect, 'groupId', groupIds))
    .where('uniqueId', 'not like', DELETED_UNIQUE_ID_PATTERN).execute();
  return rows.map((r) => r.id);
}

/** Full rows of these devices (a cache re-reading what changed: one query, however many). */
export function devicesByIds(db: Db, ids: readonly number[]): Promise<DeviceRow[]> {
  return db.kysely.selectFrom('tc_devices').selectAll().where(idIn(db.dialect, 'id', ids)).execute();
}

/** The group of each of these devices that still exists (a soft-deleted one is as gone). */
export async function groupsOfDevices(db: Db, ids: readonly number[]): Promise<Map<number, number | null>> {
  const rows = await db.kysely.selectFrom('tc_devices').select(['id', 'groupId']).where(idIn(db.dialect, 'id', ids))
    .where('uniqueId', 'not like', DELETED_UNIQUE_ID_PATTERN).execute();
  return new Map(rows.map((r) => [r.id, r.groupId]));
}

/** Trackers refused for an unknown identifier since `since`, latest first (at most `limit`). */
export function unknownDevicesSince(db: Kysely<Database>, since: number, limit: number) {
  return db.selectFrom('tc_unknown_devices').selectAll().where('lastSeen', '>=', since).orderBy('lastSeen', 'desc').limit(limit).execute();
}

/** An unknown tracker claimed as a device is no longer offered. */
export async function forgetUnknownDevice(db: Kysely<Database>, uniqueId: string): Promise<void> {
  await db.deleteFrom('tc_unknown_devices').where('uniqueId', '=', uniqueId).execute();
}
