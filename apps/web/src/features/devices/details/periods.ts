/** Spec §9 period presets used by the device details (routes and the graphic). */
export const PERIODS = ['today', 'yesterday', 'last7Days'] as const;
export type Period = (typeof PERIODS)[number];

const DAY_MS = 86_400_000;

function startOfDay(time: number): Date {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date;
}

/** The period in the browser's time zone, ending now (or, for yesterday, at its last second). */
export function periodRange(period: Period, now: number): { from: Date; to: Date } {
  const today = startOfDay(now);
  switch (period) {
    case 'today':
      return { from: today, to: new Date(now) };
    case 'yesterday': {
      const yesterday = startOfDay(today.getTime() - 1);
      return { from: yesterday, to: new Date(today.getTime() - 1000) };
    }
    case 'last7Days':
      // half a day of slack keeps a daylight-saving change from landing on the wrong day
      return { from: startOfDay(today.getTime() - 6 * DAY_MS + DAY_MS / 2), to: new Date(now) };
  }
}
