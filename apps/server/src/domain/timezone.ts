/**
 * Wall-clock conversions for a time zone, with the platform's Intl data. Zones are IANA names
 * (`America/Sao_Paulo`) or the fixed offsets Traccar settings use, as Java's custom ids spell
 * them (`GMT+8`, `GMT-03:30`, `UTC+5`, `+05:45`).
 */
const FIXED_OFFSET = /^(?:GMT|UTC)?([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** A fixed offset's minutes east of UTC; null for a named zone. */
function fixedOffsetMinutes(zone: string): number | null {
  if (/^(GMT|UTC|Z)$/i.test(zone)) return 0;
  const match = FIXED_OFFSET.exec(zone.trim());
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  if (minutes >= 24 * 60) return null;
  return match[1] === '-' ? -minutes : minutes;
}

export function offsetMinutes(instant: number, timeZone: string): number {
  const fixed = fixedOffsetMinutes(timeZone);
  if (fixed !== null) return fixed;
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

/** The zone's offset outside summer time (Java's raw offset): daylight saving only adds time, so the smaller of January's and July's. */
export function standardOffsetMinutes(timeZone: string, year = new Date().getUTCFullYear()): number {
  return Math.min(offsetMinutes(Date.UTC(year, 0, 1), timeZone), offsetMinutes(Date.UTC(year, 6, 1), timeZone));
}

export function validTimeZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || !zone) return null;
  if (fixedOffsetMinutes(zone) !== null) return zone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}
