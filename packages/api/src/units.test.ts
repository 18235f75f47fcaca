import { describe, expect, it } from 'vitest';
import { convertDistance, convertSpeed, distanceUnitOf, speedUnitOf } from './units.ts';

describe('units shown to a user', () => {
  it('converts speeds from knots with the spec factors', () => {
    expect(convertSpeed(10, 'kmh')).toBeCloseTo(18.52, 6);
    expect(convertSpeed(10, 'mph')).toBeCloseTo(11.5078, 6);
    expect(convertSpeed(10, 'kn')).toBe(10);
  });

  it('converts distances from metres with the spec factors', () => {
    expect(convertDistance(12_345, 'km')).toBeCloseTo(12.345, 9);
    expect(convertDistance(1000, 'mi')).toBeCloseTo(0.621371, 9);
  });

  it('reads a missing or unknown preference as km/h and kilometres', () => {
    expect(speedUnitOf(undefined)).toBe('kmh');
    expect(speedUnitOf('furlongs')).toBe('kmh');
    expect(speedUnitOf('mph')).toBe('mph');
    expect(speedUnitOf('kn')).toBe('kn');
    expect(distanceUnitOf(undefined)).toBe('km');
    expect(distanceUnitOf('leagues')).toBe('km');
    expect(distanceUnitOf('mi')).toBe('mi');
  });
});
