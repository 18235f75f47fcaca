import { KNOTS_PER_MPS } from '@rastro/api';
import type { StoredPosition } from '../pipeline/types.ts';

/** What trips, stops and summaries compute between two positions, as Traccar's ReportUtils. */
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Odometer reading of a position: the device's `odometer` when both ends have one (unless the
 * setting `report.ignoreOdometer` is on), else the server's running `totalDistance`. An odometer
 * that went backwards in between (tracker replaced or reset) would give a negative distance, so
 * that span falls back to `totalDistance` too (Traccar reports the negative figure).
 */
export function odometers(first: StoredPosition, last: StoredPosition, ignoreOdometer: boolean): [number, number] {
  const a = num(first.attributes.odometer);
  const b = num(last.attributes.odometer);
  if (!ignoreOdometer && a !== 0 && b !== 0 && b >= a) return [a, b];
  return [num(first.attributes.totalDistance), num(last.attributes.totalDistance)];
}

/** Fuel used: `fuelUsed` delta, else `fuel` start minus end, else `fuelLevel` % delta × device `fuelCapacity`. */
export function spentFuel(first: StoredPosition, last: StoredPosition, fuelCapacity: number): number {
  if (typeof first.attributes.fuelUsed === 'number' && typeof last.attributes.fuelUsed === 'number') {
    return round(last.attributes.fuelUsed - first.attributes.fuelUsed);
  }
  if (typeof first.attributes.fuel === 'number' && typeof last.attributes.fuel === 'number') {
    return round(first.attributes.fuel - last.attributes.fuel);
  }
  if (typeof first.attributes.fuelLevel === 'number' && typeof last.attributes.fuelLevel === 'number' && fuelCapacity > 0) {
    return round(((first.attributes.fuelLevel - last.attributes.fuelLevel) * fuelCapacity) / 100);
  }
  return 0;
}

export const hoursOf = (p: StoredPosition): number => num(p.attributes.hours);

/** Metres over milliseconds, in knots. */
export function knots(meters: number, millis: number): number {
  return millis > 0 ? (meters / (millis / 1000)) * KNOTS_PER_MPS : 0;
}

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;
