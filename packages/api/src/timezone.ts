/**
 * Wall-clock conversions for a time zone, with the platform's Intl data, for the server and the
 * web app alike. Zones are IANA names (`America/Sao_Paulo`) or the fixed offsets Traccar settings
 * use, as Java's custom ids spell them (`GMT+8`, `GMT-03:30`, `UTC+5`, `+05:45`).
 */
const FIXED_OFFSET = /^(?:GMT|UTC)?([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** A fixed offset's minutes east of UTC; null for a named zone. */
export function fixedOffsetMinutes(zone: string): number | null {
  if (/^(GMT|UTC|Z)$/i.test(zone)) return 0;
  const match = FIXED_OFFSET.exec(zone.trim());
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  if (minutes >= 24 * 60) return null;
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * Intl formatters, built once: building one costs about 0.1 ms, and a report export formats a time
 * for each of its rows. Keys are locales and the formats asked for.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function cachedFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

export function offsetMinutes(instant: number, timeZone: string): number {
  const fixed = fixedOffsetMinutes(timeZone);
  if (fixed !== null) return fixed;
  const parts = cachedFormat('en-US', {
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

/**
 * The first instant of the day `dayOffset` days from the one `instant` falls in, in the zone: its
 * midnight or, where summer time starts at midnight (São Paulo until 2019, Beirut, Havana), its 01:00.
 */
export function startOfDay(instant: number, timeZone: string, dayOffset = 0): number {
  const wall = new Date(toWallClock(instant, timeZone));
  const midnight = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + dayOffset);
  const start = fromWallClock(midnight, timeZone);
  // a skipped midnight lands in the day before: move on by the time the clocks skipped
  return start + Math.max(0, midnight - toWallClock(start, timeZone));
}

/** What a wall-clock text shows, as Intl names it; the zone and the clock are the formatters' own parameters. */
export type WallClockFields = Pick<Intl.DateTimeFormatOptions, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'dateStyle' | 'timeStyle'>;

/**
 * Intl formats a wall clock (from toWallClock) in UTC: Intl knows IANA names only, and a fixed
 * offset (`GMT-3`) would throw. `hourCycle`, not hour12: en-US's 24-hour clock would write midnight as "24:00".
 */
const wallClockFormat = (locale: string, twelveHour: boolean, fields: WallClockFields) =>
  cachedFormat(locale, { ...fields, timeZone: 'UTC', hourCycle: twelveHour ? 'h12' : 'h23' });

/** The instant as the zone's wall clock, in parts, for a text of one's own. */
export function wallClockParts(instant: number, timeZone: string, locale: string, twelveHour: boolean, fields: WallClockFields): Intl.DateTimeFormatPart[] {
  return wallClockFormat(locale, twelveHour, fields).formatToParts(toWallClock(instant, timeZone));
}

/**
 * The instant as the zone's wall clock in the locale's words. ICU's narrow no-break space before
 * "PM" becomes a plain space: some phones (SMS) and mail readers show it as a box.
 */
export function formatWallClock(instant: number, timeZone: string, locale: string, twelveHour: boolean, fields: WallClockFields): string {
  return wallClockFormat(locale, twelveHour, fields).format(toWallClock(instant, timeZone)).replace(/\u202f/g, ' ');
}

/** The zone's offset outside summer time (Java's raw offset): daylight saving only adds time, so the smaller of January's and July's. */
export function standardOffsetMinutes(timeZone: string, year = new Date().getUTCFullYear()): number {
  return Math.min(offsetMinutes(Date.UTC(year, 0, 1), timeZone), offsetMinutes(Date.UTC(year, 6, 1), timeZone));
}

export function validTimeZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || !zone) return null;
  if (fixedOffsetMinutes(zone) !== null) return zone;
  try {
    cachedFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}
