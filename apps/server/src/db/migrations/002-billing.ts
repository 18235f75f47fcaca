import type { Kysely } from 'kysely';

/**
 * Billing (spec §3 Invoice, §4 account states). tc_invoices exists since 001; this adds who
 * created an invoice, its monthly period (unique per user, so automatic billing never creates one
 * twice, also with two nodes), its cancellation and the boleto terms; and the suspension state of
 * an account on tc_users, kept out of `attributes` so that saving a user never overwrites it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const invoice = (name: string, type: 'bigint' | 'text' | 'integer' | 'double precision', notNullDefault?: number | string) =>
    db.schema.alterTable('tc_invoices').addColumn(name, type, (c) => (notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault))).execute();
  await invoice('createdBy', 'bigint');
  await invoice('period', 'text');
  await invoice('cancelledTime', 'bigint');
  await invoice('cancelledBy', 'bigint');
  await invoice('fine', 'double precision', 0);
  await invoice('fineMode', 'text', 'fixed');
  await invoice('interest', 'double precision', 0);
  await invoice('discount', 'double precision', 0);
  await invoice('discountMode', 'text', 'fixed');
  await invoice('discountDays', 'integer', 0);
  // NULL periods (invoices added by hand) never clash.
  await db.schema.createIndex('tc_invoices_user_period').unique().on('tc_invoices').columns(['userId', 'period']).execute();
  await db.schema.createIndex('tc_invoices_external').on('tc_invoices').column('externalId').execute();
  await db.schema.createIndex('tc_invoices_status_due').on('tc_invoices').columns(['status', 'dueDate']).execute();

  const user = (name: string, type: 'bigint' | 'text' | 'integer', notNullDefault?: number) =>
    db.schema.alterTable('tc_users').addColumn(name, type, (c) => (notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault))).execute();
  // 'overdue' (lifted by payment) or 'manual' (lifted by hand); NULL = not suspended
  await user('billingSuspended', 'text');
  await user('billingSuspendedTime', 'bigint');
  await user('billingTrustUntil', 'bigint');
  await user('billingTrustUsed', 'integer', 0);
}
