import { describe, expect, it } from 'vitest';
import { convertSpeed, formatSpeed, speedUnitOf } from './units.ts';

describe('speed conversion', () => {
  it('converts knots with the spec factors', () => {
    expect(convertSpeed(10, 'kmh')).toBeCloseTo(18.52, 6);
    expect(convertSpeed(10, 'mph')).toBeCloseTo(11.5078, 6);
    expect(convertSpeed(10, 'kn')).toBe(10);
  });

  it('formats in the locale, rounded to whole units', () => {
    expect(formatSpeed(54, 'kmh', 'pt-BR')).toBe('100 km/h');
    expect(formatSpeed(1000, 'kmh', 'en-US')).toBe('1,852 km/h');
    expect(formatSpeed(1000, 'kmh', 'pt-BR')).toBe('1.852 km/h');
    expect(formatSpeed(0, 'mph', 'es')).toBe('0 mph');
  });

  it('defaults to km/h for a missing or unknown preference', () => {
    expect(speedUnitOf(undefined)).toBe('kmh');
    expect(speedUnitOf('furlongs')).toBe('kmh');
    expect(speedUnitOf('mph')).toBe('mph');
  });
});
