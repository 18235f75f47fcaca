import type { Kysely } from 'kysely';

/**
 * Lost-password links (POST /api/password/reset): one row per link still usable. Only the SHA-256
 * of the link's secret is stored, as for sessions and tokens, so a copy of the database cannot
 * reset anyone's password.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.createTable('tc_password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'bigint', (c) => c.notNull())
    .addColumn('createdTime', 'bigint', (c) => c.notNull())
    .addColumn('expiresTime', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tc_password_resets_user').on('tc_password_resets').column('userId').execute();
}
