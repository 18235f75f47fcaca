import { OPEN_STATUSES, PAID_STATUSES, type AmountMode, type Invoice, type InvoiceStatus } from '@rastro/api';
import type { Kysely, Selectable } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database, InvoiceTable } from '../db/schema.ts';
import { ClientError, notFound } from '../domain/errors.ts';
import { toIso } from '../domain/time.ts';
import { toIsoDate } from './dates.ts';
import { billingSettings, invoiceTerms } from './settings.ts';

type Db = Kysely<Database>;
export type InvoiceRow = Selectable<InvoiceTable>;

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    userId: row.userId,
    dueDate: toIsoDate(row.dueDate),
    value: row.value,
    status: row.status as InvoiceStatus,
    paidDate: toIsoDate(row.paidDate),
    cancelledTime: toIso(row.cancelledTime),
    description: row.description,
    period: row.period,
    externalId: row.externalId,
    fine: row.fine,
    fineMode: row.fineMode as AmountMode,
    interest: row.interest,
    discount: row.discount,
    discountMode: row.discountMode as AmountMode,
    discountDays: row.discountDays,
    createdTime: toIso(row.createdTime),
    createdBy: row.createdBy,
  };
}

/** Newest due date first: the one to pay is on top. */
export async function listInvoices(db: Db, userId: number): Promise<Invoice[]> {
  const rows = await db.selectFrom('tc_invoices').selectAll().where('userId', '=', userId).orderBy('dueDate', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toInvoice);
}

export async function findInvoice(db: Db, id: number): Promise<InvoiceRow> {
  const row = await db.selectFrom('tc_invoices').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Invoice');
  return row;
}

/** An invoice added by hand; it carries the customer's boleto terms as they are now. */
export async function addInvoice(
  db: Db,
  input: { userId: number; value: number; dueDate: number; description: string | null; createdBy: number; now: number },
): Promise<Invoice> {
  const customer = await db.selectFrom('tc_users').select('attributes').where('id', '=', input.userId).executeTakeFirst();
  if (!customer) throw notFound('User');
  const row = await db
    .insertInto('tc_invoices')
    .values({
      userId: input.userId,
      externalId: null,
      description: input.description,
      dueDate: input.dueDate,
      value: input.value,
      status: 'PENDING',
      paidDate: null,
      createdTime: input.now,
      createdBy: input.createdBy,
      period: null,
      attributes: '{}',
      ...invoiceTerms(billingSettings(attrs(customer.attributes))),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toInvoice(row);
}

/**
 * Changes an open invoice with a conditional update (status still PENDING or OVERDUE, not
 * cancelled), so two clicks or two nodes never apply it twice; explains a refusal.
 */
async function changeOpen(db: Db, id: number, values: Partial<Record<keyof InvoiceTable, unknown>>): Promise<InvoiceRow> {
  const updated = await db
    .updateTable('tc_invoices')
    .set(values as never)
    .where('id', '=', id)
    .where('status', 'in', [...OPEN_STATUSES])
    .where('cancelledTime', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (updated) return updated;
  const row = await findInvoice(db, id);
  if (row.cancelledTime !== null) throw new ClientError('Invoice already cancelled');
  throw new ClientError('Only pending or overdue invoices can be changed');
}

/** Spec §4 cancel: the invoice stays on record, no longer owed (see `Invoice.cancelledTime`). */
export function cancelInvoice(db: Db, id: number, by: number, now: number): Promise<InvoiceRow> {
  return changeOpen(db, id, { cancelledTime: now, cancelledBy: by });
}

/** Spec §4 mark received in cash: RECEIVED_IN_CASH with the day it was paid. */
export function receiveInCash(db: Db, id: number, paidDate: number): Promise<InvoiceRow> {
  return changeOpen(db, id, { status: 'RECEIVED_IN_CASH', paidDate });
}

export const isPaid = (status: string): boolean => (PAID_STATUSES as readonly string[]).includes(status);
