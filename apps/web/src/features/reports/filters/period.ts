import { startOfDay } from '@rastro/api';

/** Spec §9 report period presets; every day is a day of the user's time zone. */
export const PERIOD_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'last90'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** A preset, resolved when the report runs (so a linked "today" means the reader's today), or fixed instants. */
export type Period = { preset: PeriodPreset } | { from: number; to: number };

export interface Range {
  from: number;
  to: number;
}

const DAYS_BACK: Record<PeriodPreset, [first: number, last: number]> = {
  today: [0, 0],
  yesterday: [-1, -1],
  last7: [-6, 0],
  last30: [-29, 0],
  last90: [-89, 0],
};

export function isPeriodPreset(value: unknown): value is PeriodPreset {
  return (PERIOD_PRESETS as readonly unknown[]).includes(value);
}

/** "Last N days" ends with today and spans N calendar days, from the first one's midnight to today's last millisecond. */
export function presetRange(preset: PeriodPreset, now: number, timeZone: string): Range {
  const [first, last] = DAYS_BACK[preset];
  return { from: startOfDay(now, timeZone, first), to: startOfDay(now, timeZone, last + 1) - 1 };
}

export function periodRange(period: Period, now: number, timeZone: string): Range {
  return 'preset' in period ? presetRange(period.preset, now, timeZone) : { from: period.from, to: period.to };
}
