import type { Invoice } from '@rastro/api';
import type { TFunction } from 'i18next';

/** Amounts are in BRL, written the locale's way (R$ 89,90 · R$89.90 · R$ 89,90). */
export function formatMoney(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(value);
}

/** A `YYYY-MM-DD` day in the locale's short form; a calendar day, so no time zone shift. */
export function formatDay(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(locale, { timeZone: 'UTC' });
}

/** `YYYY-MM` as the locale's month and year, e.g. 03/2025. */
function formatPeriod(period: string, locale: string): string {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString(locale, { timeZone: 'UTC', month: '2-digit', year: 'numeric' });
}

/** What the invoice is for: its description, else "Monthly fee 03/2025", else "Invoice #12". */
export function invoiceTitle(invoice: Invoice, t: TFunction, locale: string): string {
  if (invoice.description) return invoice.description;
  if (invoice.period) return t('billing.monthly', { period: formatPeriod(invoice.period, locale) });
  return `${t('billing.invoice')} #${invoice.id}`;
}

/** The boleto terms line, or null when the invoice has none. */
export function invoiceTerms(invoice: Invoice, t: TFunction, locale: string): string | null {
  const amount = (value: number, mode: string) => (mode === 'percent' ? `${value.toLocaleString(locale)}%` : formatMoney(value, locale));
  const parts: string[] = [];
  if (invoice.fine > 0 || invoice.interest > 0) parts.push(t('billing.terms', { fine: amount(invoice.fine, invoice.fineMode), interest: invoice.interest.toLocaleString(locale) }));
  if (invoice.discount > 0) parts.push(t('billing.discountTerms', { discount: amount(invoice.discount, invoice.discountMode), days: invoice.discountDays }));
  return parts.length ? parts.join(' · ') : null;
}
