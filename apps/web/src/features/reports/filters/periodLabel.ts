import type { TFunction } from 'i18next';
import { hourCycle, intlZone, type FormatSettings } from '../../../ui/formats.ts';
import type { Period } from './period.ts';

/** "Today", or "01/05/2024 00:00 – 07/05/2024 23:59" in the user's zone and on his clock. */
export function periodLabel(period: Period, t: TFunction, { locale, timeZone, hour12 }: Omit<FormatSettings, 'coordinateFormat'>): string {
  if ('preset' in period) return t(`reports.period.${period.preset}`);
  const zone = intlZone(timeZone);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: zone.timeZone, ...hourCycle(hour12) });
  return format.formatRange(period.from + zone.shiftMs, period.to + zone.shiftMs);
}
