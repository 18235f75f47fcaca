import type { Kysely, Selectable } from 'kysely';
import { announced, deleteById, linkProperties, writeTransaction, type Repo } from '../changes.ts';
import type { Db } from '../connection.ts';
import { idIn } from '../id-list.ts';
import { LINKS, type Database, type GroupTable } from '../schema.ts';

/** The groups aggregate: the tree of groups, and the links that go when a group goes. */
export type GroupRow = Selectable<GroupTable>;

export interface GroupValues {
  name: string;
  groupId: number | null;
  attributes: string;
}

/** Groups by name: all, or those whose ids are given. */
export function listGroups(db: Db, ids: number[] | 'all'): Promise<GroupRow[]> {
  let q = db.kysely.selectFrom('tc_groups').selectAll().orderBy('name');
  if (ids !== 'all') q = q.where(idIn(db.dialect, 'id', ids));
  return q.execute();
}

/** Every group's parent (the tree as a list). */
export function groupParents(db: Kysely<Database>): Promise<{ id: number; groupId: number | null }[]> {
  return db.selectFrom('tc_groups').select(['id', 'groupId']).execute();
}

/** Whether putting `id` under `parent` would close a circle (parent is `id` or one of its descendants). */
export async function wouldCycle(db: Kysely<Database>, id: number, parent: number): Promise<boolean> {
  const rows = await groupParents(db);
  const parents = new Map(rows.map((r) => [r.id, r.groupId]));
  for (let g: number | null | undefined = parent, steps = 0; g != null && steps <= rows.length; g = parents.get(g), steps++) {
    if (g === id) return true;
  }
  return false;
}

/** Creates a group linked to its creator. */
export function insertGroup(repo: Repo, userId: number, values: GroupValues): Promise<GroupRow> {
  return writeTransaction(repo, async (trx, changes) => {
    const created = await trx.insertInto('tc_groups').values(values).returningAll().executeTakeFirstOrThrow();
    await trx.insertInto('tc_user_group').values({ userId, groupId: created.id }).execute();
    changes.entity('group', created.id).link('userId', 'groupId', [userId], [created.id]);
    return created;
  });
}

/** Undefined when the group is gone. */
export async function updateGroup(repo: Repo, id: number, values: GroupValues): Promise<GroupRow | undefined> {
  return announced(repo, 'group', id, await repo.db.kysely.updateTable('tc_groups').set(values).where('id', '=', id).returningAll().executeTakeFirst());
}

const GROUP_LINKS = linkProperties('groupId');

/**
 * Deletes a group (404 when there is none). Its children and devices move up to no group, as a
 * deleted folder would leave them; they are changed too.
 */
export function deleteGroup(repo: Repo, id: number): Promise<void> {
  return writeTransaction(repo, async (trx, changes) => {
    await deleteById(trx, 'tc_groups', id, 'Group');
    const children = await trx.updateTable('tc_groups').set({ groupId: null }).where('groupId', '=', id).returning('id').execute();
    const devices = await trx.updateTable('tc_devices').set({ groupId: null }).where('groupId', '=', id).returning('id').execute();
    await trx.deleteFrom('tc_user_group').where('groupId', '=', id).execute();
    for (const property of GROUP_LINKS) await trx.deleteFrom(LINKS.groupId[property]).where('groupId', '=', id).execute();
    changes.entity('group', id, ...children.map((r) => r.id)).entity('device', ...devices.map((r) => r.id));
    changes.link('userId', 'groupId', null, [id]);
    for (const property of GROUP_LINKS) changes.link('groupId', property, [id], null);
  });
}

/** Rows of these groups that still exist (all groups when `ids` is 'all'): parent and attributes. */
export function groupNodes(db: Db, ids: readonly number[] | 'all'): Promise<{ id: number; groupId: number | null; attributes: string }[]> {
  const q = db.kysely.selectFrom('tc_groups').select(['id', 'groupId', 'attributes']);
  return (ids === 'all' ? q : q.where(idIn(db.dialect, 'id', ids))).execute();
}
