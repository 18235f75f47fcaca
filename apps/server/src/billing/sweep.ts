import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import { reviewAccount } from './account.ts';
import { billingTimeZone, nextDue, today } from './dates.ts';
import { billingSettings, invoiceTerms } from './settings.ts';

type Db = Kysely<Database>;

export interface SweepResult {
  created: number;
  overdue: number;
  suspended: number;
  lifted: number;
  /** Who was suspended by this run (their open sockets are closed). */
  suspendedUserIds: number[];
}

/**
 * Automatic billing (spec §4), a function of `now` only: run it as often as liked, after a
 * restart, or on every node at once. Each step is idempotent —
 * 1. each customer with billing on and a price gets the invoice of his next due date; the unique
 *    (userId, period) key makes a second insert of the same month do nothing;
 * 2. open invoices past their due date turn OVERDUE (a conditional update);
 * 3. customers owing beyond their tolerance are suspended, and suspensions for non-payment with
 *    nothing owed any more are lifted (conditional updates on the suspension column).
 */
export async function runBillingSweep(db: Db, now: number, timeZone: string): Promise<SweepResult> {
  const day = today(now, timeZone);
  const result: SweepResult = { created: 0, overdue: 0, suspended: 0, lifted: 0, suspendedUserIds: [] };
  const customers = await db
    .selectFrom('tc_users')
    .select(['id', 'attributes', 'disabled', 'billingSuspended'])
    .where('administrator', '=', 0)
    .where((eb) => eb.or([eb('attributes', 'like', '%billing%'), eb('billingSuspended', 'is not', null)]))
    .execute();

  for (const customer of customers) {
    const settings = billingSettings(attrs(customer.attributes));
    if (!settings.enabled || settings.price <= 0 || settings.day === null || customer.disabled) continue;
    const { period, dueDate } = nextDue(day, settings.day);
    const inserted = await db
      .insertInto('tc_invoices')
      .values({
        userId: customer.id, externalId: null, description: settings.description, dueDate, value: settings.price,
        status: 'PENDING', paidDate: null, createdTime: now, createdBy: null, period, attributes: '{}', ...invoiceTerms(settings),
      })
      .onConflict((oc) => oc.columns(['userId', 'period']).doNothing())
      .executeTakeFirst();
    result.created += Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }

  const overdue = await db
    .updateTable('tc_invoices')
    .set({ status: 'OVERDUE' })
    .where('status', '=', 'PENDING')
    .where('cancelledTime', 'is', null)
    .where('dueDate', '<', day)
    .executeTakeFirst();
  result.overdue = Number(overdue.numUpdatedRows);

  for (const customer of customers) {
    const change = await reviewAccount(db, customer.id, day, now);
    if (change) result[change] += 1;
    if (change === 'suspended') result.suspendedUserIds.push(customer.id);
  }
  return result;
}

/** Runs the sweep soon after start and then every `intervalMs` (default hourly). */
export class BillingSweeper {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly settings: ServerSettings,
    private readonly log: { warn: (message: string) => void },
    private readonly intervalMs = 3_600_000,
    /** Told who was suspended, to end their live sockets on every node. */
    private readonly onSuspended: (userIds: number[]) => void = () => undefined,
  ) {}

  start(): void {
    const tick = () => {
      this.running = this.sweep().catch((error: unknown) => this.log.warn(`billing sweep failed: ${String(error)}`));
    };
    this.timers = [setInterval(tick, this.intervalMs), setTimeout(tick, 5_000)];
    for (const timer of this.timers) timer.unref();
  }

  async sweep(now = Date.now()): Promise<SweepResult> {
    const zone = billingTimeZone(attrs((await this.settings.get()).attributes));
    const result = await runBillingSweep(this.db, now, zone);
    if (result.suspendedUserIds.length) this.onSuspended(result.suspendedUserIds);
    return result;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await this.running;
  }
}
