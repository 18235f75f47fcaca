import { describe, expect, it } from 'vitest';
import { makePosition } from '../../../testing/fixtures.ts';
import { chartableKeys, seriesOf, seriesUnit, unitSuffix } from './series.ts';

const route = [
  makePosition({ deviceId: 1, id: 1, fixTime: '2024-05-01T12:00:00.000Z', speed: 10, altitude: 700, attributes: { fuel: 40, ignition: true, odometer: 1500, zeta: 1 } }),
  makePosition({ deviceId: 1, id: 2, fixTime: '2024-05-01T12:01:00.000Z', speed: 20, altitude: 710, attributes: { fuel: 39.5, power: 13.9, note: 'x' } }),
  makePosition({ deviceId: 1, id: 3, fixTime: '2024-05-01T12:02:00.000Z', speed: 0, altitude: 705, attributes: { hours: 7_200_000 } }),
];

describe('chartableKeys', () => {
  it('offers speed, altitude, accuracy and every numeric attribute, the usual ones first', () => {
    expect(chartableKeys(route)).toEqual(['speed', 'fuel', 'power', 'altitude', 'accuracy', 'hours', 'odometer', 'zeta']);
  });

  it('offers nothing without positions', () => {
    expect(chartableKeys([])).toEqual([]);
  });
});

describe('seriesOf', () => {
  it('converts speed to the user unit', () => {
    const points = seriesOf(route, 'speed', seriesUnit('speed', 'kmh', 'km'));
    expect(points.map((point) => point.v)).toEqual([18.52, 37.04, 0]);
    expect(points[1].t).toBe(Date.parse('2024-05-01T12:01:00.000Z'));
  });

  it('keeps only the positions that carry the attribute, with their index', () => {
    expect(seriesOf(route, 'power', seriesUnit('power', 'kmh', 'km'))).toEqual([{ t: Date.parse('2024-05-01T12:01:00.000Z'), v: 13.9, index: 1 }]);
  });

  it('converts distances and engine hours', () => {
    expect(seriesOf(route, 'odometer', seriesUnit('odometer', 'kmh', 'mi'))[0].v).toBeCloseTo(0.9320565, 6);
    expect(seriesOf(route, 'hours', seriesUnit('hours', 'kmh', 'km'))[0].v).toBe(2);
  });
});

describe('unitSuffix', () => {
  it('writes the user unit for speeds and distances and the usual unit of common attributes', () => {
    expect(unitSuffix('speed', seriesUnit('speed', 'mph', 'km'))).toBe('mph');
    expect(unitSuffix('odometer', seriesUnit('odometer', 'kmh', 'mi'))).toBe('mi');
    expect(unitSuffix('hours', seriesUnit('hours', 'kmh', 'km'))).toBe('h');
    expect(unitSuffix('power', seriesUnit('power', 'kmh', 'km'))).toBe('V');
    expect(unitSuffix('fuel', seriesUnit('fuel', 'kmh', 'km'))).toBe('L');
    expect(unitSuffix('zeta', seriesUnit('zeta', 'kmh', 'km'))).toBe('');
  });
});
