import type { Transaction } from 'kysely';
import type { DialectName } from './connection.ts';
import type { Database } from './schema.ts';
import type { UserRow } from './users.ts';

/**
 * Row locks for limits that are counted before an insert (userLimit, deviceLimit, resale and
 * licence limits). Counting then inserting in separate steps let 20 concurrent creations past a
 * limit of 5 on PostgreSQL; counting inside the creating transaction after `SELECT … FOR UPDATE`
 * on the row that owns the limit makes concurrent creations against it wait for each other.
 * SQLite needs no lock: Kysely runs everything on its single connection, one statement or whole
 * transaction at a time, so two transactions never interleave.
 */

/** The user's row, read inside the transaction and locked on PostgreSQL until it ends. */
export function lockUserRow(trx: Transaction<Database>, dialect: DialectName, id: number): Promise<UserRow | undefined> {
  const query = trx.selectFrom('tc_users').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Locks the server settings row (limits on the whole server, such as the licence's device limit). */
export async function lockServerRow(trx: Transaction<Database>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('tc_servers').select('id').orderBy('id').limit(1).forUpdate().execute();
}
