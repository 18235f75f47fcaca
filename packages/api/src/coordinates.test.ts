import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coordinateFormatOf, formatCoordinate, formatPoint } from './coordinates.ts';

/** Reads a ddm or dms text back into signed degrees (the test's own parser, to check the writer). */
function parse(text: string): number {
  const match = /^(\d+)°(\d{2})(?:\.(\d{3})'|'(\d{2})\.(\d)")([NSEW])$/.exec(text);
  if (!match) throw new Error(`unreadable ${text}`);
  const [, degrees, minutes, minuteFraction, seconds, secondTenth, hemisphere] = match;
  expect(Number(minutes)).toBeLessThan(60);
  if (seconds !== undefined) expect(Number(seconds)).toBeLessThan(60);
  const value = Number(degrees) + (minuteFraction !== undefined
    ? Number(`${minutes}.${minuteFraction}`) / 60
    : Number(minutes) / 60 + Number(`${seconds}.${secondTenth}`) / 3600);
  return hemisphere === 'S' || hemisphere === 'W' ? -value : value;
}

describe('coordinate formats', () => {
  it('writes São Paulo in each format', () => {
    expect(formatCoordinate(-23.55033, 'latitude', 'dms')).toBe('23°33\'01.2"S');
    expect(formatCoordinate(-46.6333, 'longitude', 'dms')).toBe('46°37\'59.9"W');
    expect(formatCoordinate(-23.55033, 'latitude', 'ddm')).toBe("23°33.020'S");
    expect(formatCoordinate(-46.6333, 'longitude', 'ddm')).toBe("46°37.998'W");
    expect(formatCoordinate(-23.55033, 'latitude', 'dd')).toBe('-23.550330°');
    expect(formatPoint(51.5, 0.1275, 'dms')).toBe('51°30\'00.0"N, 0°07\'39.0"E');
  });

  it('carries a rounded 60 seconds or minutes into the next unit', () => {
    expect(formatCoordinate(10.999999, 'latitude', 'dms')).toBe('11°00\'00.0"N');
    expect(formatCoordinate(-0.9999999, 'longitude', 'ddm')).toBe("1°00.000'W");
  });

  it('reads back within its precision, minutes and seconds always below 60', () => {
    fc.assert(fc.property(fc.double({ min: -180, max: 180, noNaN: true }), (value) => {
      expect(Math.abs(parse(formatCoordinate(value, 'longitude', 'dms')) - value)).toBeLessThanOrEqual(0.05 / 3600 + 1e-9);
      expect(Math.abs(parse(formatCoordinate(value, 'longitude', 'ddm')) - value)).toBeLessThanOrEqual(0.0005 / 60 + 1e-9);
      expect(Math.abs(Number.parseFloat(formatCoordinate(value, 'longitude', 'dd')) - value)).toBeLessThanOrEqual(5e-7 + 1e-9);
    }));
  });

  it('takes an unknown or unset format as decimal degrees, and writes nothing for a non-number', () => {
    expect(coordinateFormatOf('dms')).toBe('dms');
    expect(coordinateFormatOf(null)).toBe('dd');
    expect(coordinateFormatOf('DMS ')).toBe('dd');
    expect(formatCoordinate(Number.NaN, 'latitude', 'dms')).toBe('');
  });
});
