import { describe, expect, it } from 'vitest';
import { convertDistance, distanceUnitOf, formatDistance } from './distance.ts';

describe('distance', () => {
  it('converts metres with the spec factors', () => {
    expect(convertDistance(12_345, 'km')).toBeCloseTo(12.345, 9);
    expect(convertDistance(1000, 'mi')).toBeCloseTo(0.621371, 9);
  });

  it('formats with two decimals in the locale', () => {
    expect(formatDistance(12_345, 'km', 'pt-BR')).toBe('12,35 km');
    expect(formatDistance(1_234_000, 'km', 'en-US')).toBe('1,234.00 km');
    expect(formatDistance(1000, 'mi', 'es')).toBe('0,62 mi');
    expect(formatDistance(0, 'km', 'pt-BR')).toBe('0,00 km');
  });

  it('defaults to kilometres', () => {
    expect(distanceUnitOf(undefined)).toBe('km');
    expect(distanceUnitOf('leagues')).toBe('km');
    expect(distanceUnitOf('mi')).toBe('mi');
  });
});
