/** Wall-clock conversions for a time zone, with the platform's Intl data. */
export function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

/** The instant of a wall-clock time (given as if it were UTC) in the zone. */
export function fromWallClock(wall: number, timeZone: string): number {
  let guess = wall - offsetMinutes(wall, timeZone) * 60000;
  guess = wall - offsetMinutes(guess, timeZone) * 60000;
  return guess;
}

/** The wall-clock time (as a UTC timestamp) of an instant in the zone. */
export function toWallClock(instant: number, timeZone: string): number {
  return instant + offsetMinutes(instant, timeZone) * 60000;
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
