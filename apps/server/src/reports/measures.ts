import { KNOTS_PER_MPS } from '@rastro/api';
import { KEY, attribute, type NumberKey } from '../position/keys.ts';
import type { StoredPosition } from '../position/types.ts';

/** What trips, stops and summaries compute between two positions, as Traccar's ReportUtils. */
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Odometer reading of a position: the device's `odometer` when both ends have one (unless the
 * setting `report.ignoreOdometer` is on), else the server's running `totalDistance`. An odometer
 * that went backwards in between (tracker replaced or reset) would give a negative distance, so
 * that span falls back to `totalDistance` too (Traccar reports the negative figure).
 */
export function odometers(first: StoredPosition, last: StoredPosition, ignoreOdometer: boolean): [number, number] {
  const a = num(first.attributes[KEY.odometer]);
  const b = num(last.attributes[KEY.odometer]);
  if (!ignoreOdometer && a !== 0 && b !== 0 && b >= a) return [a, b];
  return [num(first.attributes[KEY.totalDistance]), num(last.attributes[KEY.totalDistance])];
}

/** The key's number on both positions, or null when either lacks it. */
function both(first: StoredPosition, last: StoredPosition, key: NumberKey): [number, number] | null {
  const a = attribute(first.attributes, key);
  const b = attribute(last.attributes, key);
  return a !== undefined && b !== undefined ? [a, b] : null;
}

/** Fuel used: `fuelUsed` delta, else `fuel` start minus end, else `fuelLevel` % delta × device `fuelCapacity`. */
export function spentFuel(first: StoredPosition, last: StoredPosition, fuelCapacity: number): number {
  const used = both(first, last, KEY.fuelUsed);
  if (used) return round(used[1] - used[0]);
  const fuel = both(first, last, KEY.fuel);
  if (fuel) return round(fuel[0] - fuel[1]);
  const level = both(first, last, KEY.fuelLevel);
  if (level && fuelCapacity > 0) return round(((level[0] - level[1]) * fuelCapacity) / 100);
  return 0;
}

export const hoursOf = (p: StoredPosition): number => num(p.attributes[KEY.hours]);

/** Metres over milliseconds, in knots. */
export function knots(meters: number, millis: number): number {
  return millis > 0 ? (meters / (millis / 1000)) * KNOTS_PER_MPS : 0;
}

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;
