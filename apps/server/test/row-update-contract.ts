import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { attrs } from '../src/db/mappers.ts';
import type { Database } from '../src/db/schema.ts';

type Stored = { name: string; attributes: string | null };

/** A compare-and-swap row update: db/device-update.ts's and db/user-update.ts's. */
type RowUpdate<Row extends Stored> = (db: Kysely<Database>, id: number, values: (stored: Row) => { name: string } | Promise<{ name: string }>) => Promise<unknown>;

/**
 * What both row updates promise when the row will not hold still: with another writer changing it
 * under every attempt the update gives up with a 409 and leaves the name as it was (`name`); a
 * row that is gone answers undefined.
 */
export async function expectGivesUp<Row extends Stored>(db: Kysely<Database>, table: 'tc_devices' | 'tc_users', id: number, update: RowUpdate<Row>, name: string): Promise<void> {
  let round = 0;
  await expect(update(db, id, async (current) => {
    await db.updateTable(table).set({ attributes: JSON.stringify({ ...attrs(current.attributes), round: round++ }) }).where('id', '=', id).execute();
    return { name: 'Never' };
  })).rejects.toMatchObject({ status: 409 });
  expect((await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe(name);
  expect(await update(db, 999_999, () => ({ name: 'Nobody' }))).toBeUndefined();
}
