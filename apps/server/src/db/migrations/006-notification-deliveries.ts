import type { Kysely } from 'kysely';

/**
 * The notification delivery log: every message sent to a user on a channel (web, mail, firebase,
 * sms, telegram, whatsapp), its status (pending while a retry is due, sent, failed), the reason of
 * the last failure and the attempts made. Read by administrators (GET /tarkan/deliveries), pruned
 * after RASTRO_DELIVERY_LOG_DAYS.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
type Db = Kysely<any>;

export async function up(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const postgres = dialect === 'postgres';
  await db.schema.createTable('tc_notification_deliveries')
    .addColumn('id', postgres ? 'bigint' : 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('updatedTime', 'bigint', (c) => c.notNull())
    .addColumn('userId', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('eventType', 'text', (c) => c.notNull())
    .addColumn('eventId', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deviceId', 'bigint')
    .addColumn('recipient', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // the log is read newest first, by period, optionally of one user; the sweep finds stale retries
  await db.schema.createIndex('tc_notification_deliveries_time').on('tc_notification_deliveries').column('time').execute();
  await db.schema.createIndex('tc_notification_deliveries_user_time').on('tc_notification_deliveries').columns(['userId', 'time']).execute();
  await db.schema.createIndex('tc_notification_deliveries_status').on('tc_notification_deliveries').columns(['status', 'updatedTime']).execute();
}
