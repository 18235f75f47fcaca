import type { Kysely } from 'kysely';

/**
 * Scheduled reports (Traccar's Report, `/api/reports`): tc_reports exists since 001 with Traccar's
 * columns; this adds what the scheduler keeps so that it survives restarts and runs on one node:
 * `lastRun`, the end of the last period reported (when the report was made, until it first runs),
 * the value a node swaps to claim the next run; and `nextRun`, when that is due, for the screen.
 * Both epoch milliseconds, null on rows made before this migration (they are treated as made now).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('tc_reports').addColumn('lastRun', 'bigint').execute();
  await db.schema.alterTable('tc_reports').addColumn('nextRun', 'bigint').execute();
}
