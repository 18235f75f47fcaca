import { KNOTS_TO_KMH, KNOTS_TO_MPH } from '@rastro/api';

/** Speeds arrive in knots (wire convention) and are shown in the user's unit. */
export type SpeedUnit = 'kn' | 'kmh' | 'mph';

export function convertSpeed(knots: number, unit: SpeedUnit): number {
  switch (unit) {
    case 'kmh':
      return knots * KNOTS_TO_KMH;
    case 'mph':
      return knots * KNOTS_TO_MPH;
    case 'kn':
      return knots;
  }
}

export function speedUnitOf(value: unknown): SpeedUnit {
  return value === 'kn' || value === 'mph' ? value : 'kmh';
}

export function formatSpeed(knots: number, unit: SpeedUnit, locale: string): string {
  const value = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(convertSpeed(knots, unit));
  const suffix = { kn: 'kn', kmh: 'km/h', mph: 'mph' }[unit];
  return `${value} ${suffix}`;
}
