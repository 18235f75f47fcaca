import { toWallClock, validTimeZone } from '@rastro/api';

/**
 * Due and payment dates are calendar days, as on a boleto. A day is stored as the epoch
 * milliseconds of its midnight UTC and sent as `YYYY-MM-DD`; "today" is the calendar day in the
 * billing time zone (the server's `timezone` attribute, else São Paulo), so an invoice turns
 * overdue at local midnight, not at 21:00.
 */
export const DAY_MS = 86_400_000;
export const DEFAULT_BILLING_TIME_ZONE = 'America/Sao_Paulo';

export function billingTimeZone(serverAttributes: Record<string, unknown>): string {
  return validTimeZone(serverAttributes.timezone) ?? DEFAULT_BILLING_TIME_ZONE;
}

/** Midnight UTC of the calendar day that `now` is in the zone. */
export function today(now: number, timeZone: string): number {
  const wall = toWallClock(now, timeZone);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

export function toIsoDate(day: number): string;
export function toIsoDate(day: number | null): string | null;
export function toIsoDate(day: number | null): string | null {
  return day === null ? null : new Date(day).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` (already validated by the wire schema) as its stored day. */
export function parseIsoDate(value: string): number {
  return Date.parse(`${value}T00:00:00Z`);
}

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/**
 * The next monthly due date on or after `todayDay` for a customer billed on `billingDay`
 * (spec §3 billingDate, 1..31; a short month uses its last day), and its period `YYYY-MM`.
 * A month whose due day already passed is not billed late: the next month is.
 */
export function nextDue(todayDay: number, billingDay: number): { period: string; dueDate: number } {
  const date = new Date(todayDay);
  let year = date.getUTCFullYear();
  let month0 = date.getUTCMonth();
  if (date.getUTCDate() > Math.min(billingDay, daysInMonth(year, month0))) {
    month0 += 1;
    if (month0 === 12) {
      month0 = 0;
      year += 1;
    }
  }
  const dueDate = Date.UTC(year, month0, Math.min(billingDay, daysInMonth(year, month0)));
  return { period: `${year}-${String(month0 + 1).padStart(2, '0')}`, dueDate };
}
