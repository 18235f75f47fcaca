import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { attrs } from '../mappers.ts';
import { announced, deleteById, linkProperties, writeTransaction, type Repo } from '../changes.ts';
import type { Db } from '../connection.ts';
import { idIn } from '../id-list.ts';
import type { Database, UserTable } from '../schema.ts';
import { updateUserRow } from '../user-update.ts';
import type { UserRow } from '../users.ts';

/** The users aggregate: accounts, and what goes with an account (its links, sessions and tokens). */

/** Users by name: all, or those whose ids are given. */
export function listUsers(db: Db, ids: number[] | 'all'): Promise<UserRow[]> {
  let q = db.kysely.selectFrom('tc_users').selectAll().orderBy('name');
  if (ids !== 'all') q = q.where(idIn(db.dialect, 'id', ids));
  return q.execute();
}

export async function userExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('tc_users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Users marked as resellers (attributes.reseller), by name. */
export async function resellers(db: Kysely<Database>): Promise<UserRow[]> {
  const candidates = await db.selectFrom('tc_users').selectAll().where('attributes', 'like', '%reseller%').orderBy('name').execute();
  return candidates.filter((u) => attrs(u.attributes).reseller === true);
}

/** The account behind a lost-password form's e-mail (case-insensitive). */
export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('tc_users').select(['id', 'email', 'attributes', 'temporary'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())).executeTakeFirst();
}

/**
 * Creates a user, put under `managerId` when given. `check` runs first inside the transaction
 * (the manager's limits, counted under his row lock).
 */
export function insertUser(repo: Repo, values: Insertable<UserTable>, managerId: number | null, check: (trx: Transaction<Database>) => Promise<void>): Promise<UserRow> {
  return writeTransaction(repo, async (trx, changes) => {
    await check(trx);
    const created = await trx.insertInto('tc_users').values(values).returningAll().executeTakeFirstOrThrow();
    changes.entity('user', created.id);
    if (managerId !== null) {
      await trx.insertInto('tc_user_user').values({ userId: managerId, managedUserId: created.id }).execute();
      changes.link('userId', 'managedUserId', [managerId], [created.id]);
    }
    return created;
  });
}

/** A compare-and-swap save (db/user-update.ts): the row as read and as written, undefined when gone. */
export async function updateUser(
  repo: Repo,
  id: number,
  values: (stored: UserRow) => Updateable<UserTable> | Promise<Updateable<UserTable>>,
): Promise<{ before: UserRow; after: UserRow } | undefined> {
  return announced(repo, 'user', id, await updateUserRow(repo.db.kysely, id, values));
}

/** A new password (from a reset link), and no reset link left for the account. */
export function setPassword(repo: Repo, id: number, password: { hashedPassword: string; salt: string } | null): Promise<void> {
  return writeTransaction(repo, async (trx, changes) => {
    await trx.updateTable('tc_users').set({ ...password }).where('id', '=', id).execute();
    await trx.deleteFrom('tc_password_resets').where('userId', '=', id).execute();
    changes.entity('user', id);
  });
}

const USER_LINKS = linkProperties('userId');

/** Deletes a user with his links, sessions and tokens (404 when there is none). */
export function deleteUser(repo: Repo, id: number): Promise<void> {
  return writeTransaction(repo, async (trx, changes) => {
    await deleteById(trx, 'tc_users', id, 'User');
    for (const table of ['tc_user_device', 'tc_user_group', 'tc_user_geofence', 'tc_user_notification', 'tc_user_calendar',
      'tc_user_attribute', 'tc_user_driver', 'tc_user_maintenance', 'tc_user_command', 'tc_user_order', 'tc_user_report',
      'tc_sessions', 'tc_tokens'] as const) {
      await trx.deleteFrom(table).where('userId', '=', id).execute();
    }
    await trx.deleteFrom('tc_user_user').where((eb) => eb.or([eb('userId', '=', id), eb('managedUserId', '=', id)])).execute();
    changes.entity('user', id).link('userId', 'managedUserId', null, [id]);
    for (const property of USER_LINKS) changes.link('userId', property, [id], null);
  });
}
