import crypto from 'node:crypto';
import type { PaymentWebhook } from '@rastro/api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { reviewAccount } from './account.ts';
import { parseIsoDate } from './dates.ts';
import { isPaid, type InvoiceRow } from './invoices.ts';

type Db = Kysely<Database>;

/** Compares the token sent by the provider with the stored one in constant time. */
export function tokenMatches(sent: string | undefined, stored: unknown): boolean {
  if (typeof stored !== 'string' || stored === '' || !sent) return false;
  const a = crypto.createHash('sha256').update(sent).digest();
  const b = crypto.createHash('sha256').update(stored).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Applies an Asaas-style payment event to the invoice it is about: found by the provider's
 * charge id, else by `externalReference` (our invoice id, sent when the charge was created).
 * PAYMENT_DELETED cancels it, PAYMENT_RESTORED undoes that; any other event sets the status the
 * payment has now (all 13 statuses of spec §3). A payment lifts a suspension for non-payment.
 * Returns the invoice, or null when the charge is not one of ours (nothing changes).
 */
export async function applyPaymentEvent(db: Db, hook: PaymentWebhook, now: number, todayDay: number): Promise<InvoiceRow | null> {
  const { payment } = hook;
  let invoice = await db.selectFrom('tc_invoices').selectAll().where('externalId', '=', payment.id).executeTakeFirst();
  const reference = Number(payment.externalReference);
  if (!invoice && Number.isSafeInteger(reference) && reference > 0) {
    invoice = await db.selectFrom('tc_invoices').selectAll().where('id', '=', reference)
      .where((eb) => eb.or([eb('externalId', 'is', null), eb('externalId', '=', payment.id)])).executeTakeFirst();
  }
  if (!invoice) return null;

  const paidDay = payment.paymentDate ?? payment.clientPaymentDate;
  const changes: Partial<InvoiceRow> = { externalId: payment.id, status: payment.status };
  if (paidDay) changes.paidDate = parseIsoDate(paidDay);
  else if (isPaid(payment.status) && invoice.paidDate === null) changes.paidDate = todayDay;
  if (hook.event === 'PAYMENT_DELETED') changes.cancelledTime = invoice.cancelledTime ?? now;
  else if (hook.event === 'PAYMENT_RESTORED') changes.cancelledTime = null;

  const updated = await db.updateTable('tc_invoices').set(changes).where('id', '=', invoice.id).returningAll().executeTakeFirstOrThrow();
  await reviewAccount(db, updated.userId, todayDay, now);
  return updated;
}
