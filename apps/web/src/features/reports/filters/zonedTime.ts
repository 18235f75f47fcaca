/**
 * Wall-clock arithmetic in an IANA time zone with nothing but Intl: report periods are days of
 * the user's zone (attribute `timezone`), which need not be the browser's.
 */

export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return { year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute, second: fields.second };
}

const asUtc = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far the zone's clock is ahead of UTC at `instant`, in ms. */
export function offsetAt(instant: number, timeZone: string): number {
  return asUtc(wallTimeAt(instant, timeZone)) - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant a wall-clock time names in the zone. Fields may overflow (day 0, day 32) as with
 * Date.UTC. A time skipped by a daylight-saving jump resolves to the instant after the jump.
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const wallAsUtc = asUtc(wall);
  const guess = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  const instant = wallAsUtc - offsetAt(guess, timeZone);
  return asUtc(wallTimeAt(instant, timeZone)) === wallAsUtc ? instant : guess;
}

/** Midnight starting the day `dayOffset` days from the one `instant` falls in. */
export function startOfDay(instant: number, timeZone: string, dayOffset = 0): number {
  const wall = wallTimeAt(instant, timeZone);
  return instantOf({ ...wall, day: wall.day + dayOffset, hour: 0, minute: 0, second: 0 }, timeZone);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm`, the value of an `<input type="datetime-local">`. */
export function toLocalInput(instant: number, timeZone: string): string {
  const w = wallTimeAt(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

export function fromLocalInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  return instantOf({ year, month, day, hour, minute, second }, timeZone);
}
