/**
 * Midnights of a time zone, for daily summaries: the first day starts at `from`, the last ends
 * at `to`, and the days between run from local midnight to local midnight.
 */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

/** The instant of the next local midnight strictly after `instant`. */
export function nextMidnight(instant: number, timeZone: string): number {
  const local = instant + offsetMinutes(instant, timeZone) * 60000;
  const day = new Date(local);
  const midnightLocal = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
  // the offset at midnight may differ from the offset now (daylight saving)
  let guess = midnightLocal - offsetMinutes(midnightLocal, timeZone) * 60000;
  guess = midnightLocal - offsetMinutes(guess, timeZone) * 60000;
  return guess;
}

export function dailyRanges(from: number, to: number, timeZone: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (let start = from; start <= to; ) {
    const midnight = nextMidnight(start, timeZone);
    const end = Math.min(midnight - 1, to);
    ranges.push([start, end]);
    start = midnight;
  }
  return ranges;
}

export function validTimeZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || !zone) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}
