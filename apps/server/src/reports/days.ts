import { startOfDay } from '@rastro/api';

export { validTimeZone } from '@rastro/api';

/**
 * Midnights of a time zone, for daily summaries: the first day starts at `from`, the last ends
 * at `to`, and the days between run from local midnight to local midnight.
 */
export function nextMidnight(instant: number, timeZone: string): number {
  return startOfDay(instant, timeZone, 1);
}

export function dailyRanges(from: number, to: number, timeZone: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (let start = from; start <= to; ) {
    const midnight = nextMidnight(start, timeZone);
    ranges.push([start, Math.min(midnight - 1, to)]);
    start = midnight;
  }
  return ranges;
}
