import { describe, expect, it } from 'vitest';
import { formatDistance, formatSpeed } from './units.ts';

describe('speeds and distances in words', () => {
  it('writes speeds in the locale, rounded to whole units', () => {
    expect(formatSpeed(54, 'kmh', 'pt-BR')).toBe('100 km/h');
    expect(formatSpeed(1000, 'kmh', 'en-US')).toBe('1,852 km/h');
    expect(formatSpeed(1000, 'kmh', 'pt-BR')).toBe('1.852 km/h');
    expect(formatSpeed(0, 'mph', 'es')).toBe('0 mph');
    expect(formatSpeed(10, 'kn', 'en-US')).toBe('10 kn');
  });

  it('writes distances with two decimals in the locale', () => {
    expect(formatDistance(12_345, 'km', 'pt-BR')).toBe('12,35 km');
    expect(formatDistance(1_234_000, 'km', 'en-US')).toBe('1,234.00 km');
    expect(formatDistance(1000, 'mi', 'es')).toBe('0,62 mi');
    expect(formatDistance(0, 'km', 'pt-BR')).toBe('0,00 km');
  });
});
