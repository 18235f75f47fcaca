import { METERS_TO_MILES } from '@rastro/api';

/** Distances arrive in metres (wire convention) and are shown in the user's `distanceUnit`. */
export type DistanceUnit = 'km' | 'mi';

export function distanceUnitOf(value: unknown): DistanceUnit {
  return value === 'mi' ? 'mi' : 'km';
}

export function convertDistance(metres: number, unit: DistanceUnit): number {
  return unit === 'mi' ? metres * METERS_TO_MILES : metres / 1000;
}

/** Spec §9: two decimals. */
export function formatDistance(metres: number, unit: DistanceUnit, locale: string): string {
  const value = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(convertDistance(metres, unit));
  return `${value} ${unit}`;
}
