import { describe, expect, it } from 'vitest';
import { makePosition } from '../../../testing/fixtures.ts';
import { chartSeries, numericAttributes } from './chartSeries.ts';

const positions = [
  makePosition({ deviceId: 1, fixTime: '2024-05-01T10:00:00.000+00:00', speed: 10, attributes: { fuel: 50, ignition: true } }),
  makePosition({ deviceId: 1, fixTime: '2024-05-01T10:01:00.000+00:00', speed: 20, attributes: { power: 12.4 } }),
];

describe('chart series', () => {
  it('lists the numeric attributes', () => {
    expect(numericAttributes(positions)).toEqual(['fuel', 'power']);
  });

  it('gives speed in the user unit and skips positions without the value', () => {
    expect(chartSeries(positions, 'speed', 'kmh')).toEqual([
      { time: Date.parse('2024-05-01T10:00:00Z'), value: 18.52 },
      { time: Date.parse('2024-05-01T10:01:00Z'), value: 37.04 },
    ]);
    expect(chartSeries(positions, 'fuel', 'kmh')).toEqual([{ time: Date.parse('2024-05-01T10:00:00Z'), value: 50 }]);
  });
});
