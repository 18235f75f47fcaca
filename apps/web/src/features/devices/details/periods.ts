import { startOfDay } from '@rastro/api';

/** Spec §9 period presets used by the device details (routes and the graphic). */
export const PERIODS = ['today', 'yesterday', 'last7Days'] as const;
export type Period = (typeof PERIODS)[number];

const dayStart = (instant: number, timeZone: string, dayOffset = 0) => new Date(startOfDay(instant, timeZone, dayOffset));

/**
 * The period in the user's time zone (the one his times are shown in, `useFormats().timeZone`),
 * ending now (or, for yesterday, at its last second).
 */
export function periodRange(period: Period, now: number, timeZone: string): { from: Date; to: Date } {
  const today = dayStart(now, timeZone);
  switch (period) {
    case 'today':
      return { from: today, to: new Date(now) };
    case 'yesterday':
      return { from: dayStart(now, timeZone, -1), to: new Date(today.getTime() - 1000) };
    case 'last7Days':
      return { from: dayStart(now, timeZone, -6), to: new Date(now) };
  }
}
