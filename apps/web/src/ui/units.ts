import { SPEED_UNIT_LABELS, convertDistance, convertSpeed, type DistanceUnit, type SpeedUnit } from '@rastro/api';

/** Speeds arrive in knots (wire convention), rounded to whole units in the user's. */
export function formatSpeed(knots: number, unit: SpeedUnit, locale: string): string {
  const value = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(convertSpeed(knots, unit));
  return `${value} ${SPEED_UNIT_LABELS[unit]}`;
}

/** Distances arrive in metres (wire convention); spec §9: two decimals. */
export function formatDistance(metres: number, unit: DistanceUnit, locale: string): string {
  const value = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(convertDistance(metres, unit));
  return `${value} ${unit}`;
}
