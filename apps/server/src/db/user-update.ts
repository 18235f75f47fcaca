import type { Kysely, Updateable } from 'kysely';
import { ClientError } from '../domain/errors.ts';
import type { Database, UserTable } from './schema.ts';
import type { UserRow } from './users.ts';

/** Rounds of read-and-swap before giving up: each lost round means another writer just changed the row. */
const ATTEMPTS = 8;

/**
 * Saves a user whose new values depend on the row as read (the field policy keeps privileged
 * attribute keys, such as advanced permissions, at their stored values) as a compare-and-swap on
 * the attributes text: `UPDATE … WHERE attributes = <as read>`, read again and retried when
 * another writer changed them in between — so a save never puts back bits an administrator has
 * just revoked. Answers the row as read and as written; undefined when the user is gone.
 */
export async function updateUserRow(
  db: Kysely<Database>,
  id: number,
  values: (stored: UserRow) => Updateable<UserTable> | Promise<Updateable<UserTable>>,
): Promise<{ before: UserRow; after: UserRow } | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = await db.selectFrom('tc_users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) return undefined;
    const after = await db.updateTable('tc_users').set(await values(before))
      .where('id', '=', id).where('attributes', '=', before.attributes).returningAll().executeTakeFirst();
    if (after) return { before, after };
  }
  throw new ClientError('User changed meanwhile, try again', 409);
}
