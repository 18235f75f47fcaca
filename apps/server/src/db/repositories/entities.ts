import type { Kysely, Transaction } from 'kysely';
import { notFound } from '../../domain/errors.ts';
import { deleteById, writeTransaction, type ChangedEntity, type Repo } from '../changes.ts';
import { LINKS, type Database, type LinkTableName } from '../schema.ts';

/**
 * The simple objects (geofences, drivers, calendars, maintenance, notifications, saved commands,
 * computed attributes, orders): one table each, linked to users and, all but calendars, to groups and
 * devices, under the `<x>Id` key of the link tables.
 */
export interface EntityTable {
  table: string;
  key: Exclude<keyof typeof LINKS.userId, 'deviceId' | 'groupId' | 'managedUserId'>;
  order: string;
  /** Its name in change messages. */
  entity: ChangedEntity;
  /** For errors: "Geofence not found". */
  kind: string;
}

export type EntityRow = Record<string, unknown> & { id: number };
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const untyped = (db: Kysely<Database>) => db as unknown as AnyDb;

/** The link tables of a kind: to users always, to groups and devices when it has them. */
function linkTables(spec: EntityTable) {
  return {
    user: LINKS.userId[spec.key] as LinkTableName,
    group: (LINKS.groupId as Record<string, LinkTableName | undefined>)[spec.key],
    device: (LINKS.deviceId as Record<string, LinkTableName | undefined>)[spec.key],
  };
}

export function hasGroupLinks(spec: EntityTable): boolean {
  return linkTables(spec).group !== undefined;
}

export function hasDeviceLinks(spec: EntityTable): boolean {
  return linkTables(spec).device !== undefined;
}

/**
 * Objects of a kind by their order column, narrowed (ANDed, as Traccar) to those linked to the
 * user, the group and the device given; a null filter is no filter.
 */
export function listEntities(db: Kysely<Database>, spec: EntityTable, filter: { userId: number | null; groupId: number | null; deviceId: number | null }): Promise<EntityRow[]> {
  const links = linkTables(spec);
  const any = untyped(db);
  let q = any.selectFrom(spec.table).selectAll().orderBy(spec.order);
  // Subqueries over the link tables; their generic typing is beyond Kysely's inference.
  const linked = (table: LinkTableName, owner: string, id: number) => any.selectFrom(table).select(spec.key).where(owner, '=', id) as never;
  if (filter.userId !== null) q = q.where('id', 'in', linked(links.user, 'userId', filter.userId));
  if (filter.groupId !== null && links.group) q = q.where('id', 'in', linked(links.group, 'groupId', filter.groupId));
  if (filter.deviceId !== null && links.device) q = q.where('id', 'in', linked(links.device, 'deviceId', filter.deviceId));
  return q.execute() as Promise<EntityRow[]>;
}

export async function findEntity(db: Kysely<Database>, spec: EntityTable, id: number): Promise<EntityRow | undefined> {
  return (await untyped(db).selectFrom(spec.table).selectAll().where('id', '=', id).executeTakeFirst()) as EntityRow | undefined;
}

/** How a write fills its row: `columns` from inside the transaction, `after` once the row is written (same transaction). */
export interface EntityWrite {
  columns: (trx: Transaction<Database>) => Promise<Record<string, unknown>>;
  after?: (trx: Transaction<Database>, row: EntityRow) => Promise<void>;
}

/** Creates an object linked to its creator. */
export function insertEntity(repo: Repo, spec: EntityTable, userId: number, write: EntityWrite): Promise<EntityRow> {
  return writeTransaction(repo, async (trx, changes) => {
    const created = (await untyped(trx).insertInto(spec.table).values(await write.columns(trx)).returningAll().executeTakeFirstOrThrow()) as EntityRow;
    await untyped(trx).insertInto(linkTables(spec).user).values({ userId, [spec.key]: created.id }).execute();
    await write.after?.(trx, created);
    changes.entity(spec.entity, created.id).link('userId', spec.key, [userId], [created.id]);
    return created;
  });
}

/** 404 when the object is gone. */
export function updateEntity(repo: Repo, spec: EntityTable, id: number, write: EntityWrite): Promise<EntityRow> {
  return writeTransaction(repo, async (trx, changes) => {
    const updated = (await untyped(trx).updateTable(spec.table).set(await write.columns(trx)).where('id', '=', id).returningAll().executeTakeFirst()) as EntityRow | undefined;
    if (!updated) throw notFound(spec.kind);
    await write.after?.(trx, updated);
    changes.entity(spec.entity, id);
    return updated;
  });
}

/** Deletes an object and its links (404 when there is none); `after` runs in the same transaction. */
export function deleteEntity(repo: Repo, spec: EntityTable, id: number, after?: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  return writeTransaction(repo, async (trx, changes) => {
    await deleteById(trx, spec.table, id, spec.kind);
    const links = linkTables(spec);
    for (const table of [links.user, links.group, links.device]) if (table) await untyped(trx).deleteFrom(table).where(spec.key, '=', id).execute();
    await after?.(trx);
    changes.entity(spec.entity, id).link('userId', spec.key, null, [id]);
    if (links.group) changes.link('groupId', spec.key, null, [id]);
    if (links.device) changes.link('deviceId', spec.key, null, [id]);
  });
}

/**
 * Saved commands one may send to a device: the user's own and, with `linked` (administrators),
 * also those linked to the device or its group; by description.
 */
export function savedCommandsFor(db: Kysely<Database>, userId: number, target: { deviceId: number; groupId: number | null } | null) {
  return db.selectFrom('tc_commands').selectAll().orderBy('description')
    .where((eb) => eb.or([
      eb('id', 'in', eb.selectFrom('tc_user_command').select('commandId').where('userId', '=', userId)),
      ...(target ? [
        eb('id', 'in', eb.selectFrom('tc_device_command').select('commandId').where('deviceId', '=', target.deviceId)),
        eb('id', 'in', eb.selectFrom('tc_group_command').select('commandId').where('groupId', '=', target.groupId ?? -1)),
      ] : []),
    ]))
    .execute();
}

export function findSavedCommand(db: Kysely<Database>, id: number) {
  return db.selectFrom('tc_commands').selectAll().where('id', '=', id).executeTakeFirst();
}
