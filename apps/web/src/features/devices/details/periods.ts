import { fromWallClock, toWallClock } from '@rastro/api';

/** Spec §9 period presets used by the device details (routes and the graphic). */
export const PERIODS = ['today', 'yesterday', 'last7Days'] as const;
export type Period = (typeof PERIODS)[number];

/** Midnight starting the day `dayOffset` days from the one `instant` falls in, in the zone. */
function startOfDay(instant: number, timeZone: string, dayOffset = 0): Date {
  const wall = new Date(toWallClock(instant, timeZone));
  return new Date(fromWallClock(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + dayOffset), timeZone));
}

/**
 * The period in the user's time zone (the one his times are shown in, `useFormats().timeZone`),
 * ending now (or, for yesterday, at its last second).
 */
export function periodRange(period: Period, now: number, timeZone: string): { from: Date; to: Date } {
  const today = startOfDay(now, timeZone);
  switch (period) {
    case 'today':
      return { from: today, to: new Date(now) };
    case 'yesterday':
      return { from: startOfDay(now, timeZone, -1), to: new Date(today.getTime() - 1000) };
    case 'last7Days':
      return { from: startOfDay(now, timeZone, -6), to: new Date(now) };
  }
}
