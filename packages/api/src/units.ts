/**
 * Unit conversions, one place for server and web (§9). The wire carries speeds in knots and
 * distances in metres; these are Traccar's own factors (its UnitsConverter), kept digit for digit
 * so that decoded speeds and report figures equal Traccar's.
 */

/** knots per km/h (speeds decoded from devices that send km/h). */
export const KNOTS_PER_KMH = 0.539957;
/** knots per m/s. */
export const KNOTS_PER_MPS = 1.943844;
/** knots per mph. */
export const KNOTS_PER_MPH = 0.868976;

/** m/s per km/h (exact). */
export const MPS_PER_KMH = 1 / 3.6;

/** km/h per knot (shown speeds). */
export const KNOTS_TO_KMH = 1.852;
/** mph per knot (shown speeds). */
export const KNOTS_TO_MPH = 1.15078;
/** miles per metre (shown distances). */
export const METERS_TO_MILES = 0.621371 / 1000;

/** The units a user may see speeds in (`speedUnit`), km/h unless he chose another. */
export type SpeedUnit = 'kn' | 'kmh' | 'mph';
/** The units a user may see distances in (`distanceUnit`), kilometres unless he chose miles. */
export type DistanceUnit = 'km' | 'mi';

/** How each speed unit is written after a figure, in every language. */
export const SPEED_UNIT_LABELS: Readonly<Record<SpeedUnit, string>> = { kn: 'kn', kmh: 'km/h', mph: 'mph' };

export function speedUnitOf(value: unknown): SpeedUnit {
  return value === 'kn' || value === 'mph' ? value : 'kmh';
}

export function distanceUnitOf(value: unknown): DistanceUnit {
  return value === 'mi' ? 'mi' : 'km';
}

/** A speed from the wire (knots) in the unit shown. */
export function convertSpeed(knots: number, unit: SpeedUnit): number {
  return unit === 'kmh' ? knots * KNOTS_TO_KMH : unit === 'mph' ? knots * KNOTS_TO_MPH : knots;
}

/** A distance from the wire (metres) in the unit shown. */
export function convertDistance(metres: number, unit: DistanceUnit): number {
  return unit === 'mi' ? metres * METERS_TO_MILES : metres / 1000;
}
