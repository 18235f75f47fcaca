import type { TFunction } from 'i18next';
import type { Period } from './period.ts';

/** "Today", or "01/05/2024 00:00 – 07/05/2024 23:59" in the user's zone. */
export function periodLabel(period: Period, t: TFunction, locale: string, timeZone: string): string {
  if ('preset' in period) return t(`reports.period.${period.preset}`);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  return format.formatRange(period.from, period.to);
}
