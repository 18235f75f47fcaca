import type { Kysely } from 'kysely';

/**
 * Traccar's daily statistics (GET /api/statistics): one row per UTC day of counters that nodes add
 * to (requests, messages received and stored, mail and SMS sent, geocoder and geolocation
 * requests, messages per protocol), and the users and devices active that day, one row each, so
 * that several nodes count a user once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  let table = db.schema.createTable('tc_statistics').addColumn('day', 'bigint', (c) => c.primaryKey());
  for (const counter of ['requests', 'messagesReceived', 'messagesStored', 'mailSent', 'smsSent', 'geocoderRequests', 'geolocationRequests']) {
    table = table.addColumn(counter, 'bigint', (c) => c.notNull().defaultTo(0));
  }
  await table.addColumn('protocols', 'text').execute();
  await db.schema.createTable('tc_statistics_active')
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('objectId', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tc_statistics_active_pk', ['day', 'kind', 'objectId'])
    .execute();
}
