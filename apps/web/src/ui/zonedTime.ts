import { offsetMinutes, toWallClock } from '@rastro/api';

/**
 * Wall-clock arithmetic in the user's zone (attribute `timezone`: an IANA name or a fixed offset
 * such as `GMT-3`), which need not be the browser's: the times a user types (DateTimeField) and the
 * days of his report periods are his zone's.
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

/** The zone's wall clock at `instant`, by the offset code the server shares (`@rastro/api`). */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const wall = new Date(toWallClock(instant, timeZone));
  return {
    year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(),
    hour: wall.getUTCHours(), minute: wall.getUTCMinutes(), second: wall.getUTCSeconds(),
  };
}

const asUtc = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far the zone's clock is ahead of UTC at `instant`, in ms. */
export function offsetAt(instant: number, timeZone: string): number {
  return offsetMinutes(instant, timeZone) * 60000;
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
