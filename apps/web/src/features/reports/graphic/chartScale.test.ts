import { describe, expect, it } from 'vitest';
import { downsample, nearestIndex, niceTicks, timeTicks } from './chartScale.ts';

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten and covers the range', () => {
    expect(niceTicks(0, 97, 5)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(12.1, 14.3, 4)).toEqual([12, 13, 14, 15]);
    expect(niceTicks(12.1, 14.3, 8)).toEqual([12, 12.5, 13, 13.5, 14, 14.5]);
    expect(niceTicks(-3, 3, 3)).toEqual([-4, -2, 0, 2, 4]);
  });

  it('opens a flat series around its value', () => {
    const ticks = niceTicks(50, 50, 4);
    expect(ticks[0]).toBeLessThan(50);
    expect(ticks[ticks.length - 1]).toBeGreaterThan(50);
  });

  it('has nothing to say about no data', () => {
    expect(niceTicks(Infinity, -Infinity, 5)).toEqual([]);
  });
});

describe('timeTicks', () => {
  it('falls on round times of the zone', () => {
    const from = Date.parse('2024-05-01T12:07:00Z');
    const to = Date.parse('2024-05-01T13:07:00Z');
    expect(timeTicks(from, to, 4, 0).map((tick) => new Date(tick).toISOString().slice(11, 16))).toEqual(['12:15', '12:30', '12:45', '13:00']);
  });

  it('puts day ticks at the zone midnight', () => {
    const from = Date.parse('2024-05-01T00:00:00Z');
    const to = Date.parse('2024-05-04T00:00:00Z');
    const saoPaulo = -3 * 3_600_000;
    expect(timeTicks(from, to, 3, saoPaulo).map((tick) => new Date(tick).toISOString())).toEqual([
      '2024-05-01T03:00:00.000Z',
      '2024-05-02T03:00:00.000Z',
      '2024-05-03T03:00:00.000Z',
    ]);
  });
});

describe('downsample', () => {
  const points = Array.from({ length: 1000 }, (_, index) => ({ t: index, v: index === 501 ? 999 : Math.sin(index / 50) }));

  it('keeps short series whole', () => {
    expect(downsample(points.slice(0, 10), 10)).toHaveLength(10);
  });

  it('keeps at most two points per bucket, in time order, peaks included', () => {
    const thinned = downsample(points, 100);
    expect(thinned.length).toBeLessThanOrEqual(200);
    expect(thinned.some((point) => point.v === 999)).toBe(true);
    expect(thinned.every((point, index) => index === 0 || point.t > thinned[index - 1].t)).toBe(true);
  });
});

describe('nearestIndex', () => {
  const points = [{ t: 0, v: 0 }, { t: 10, v: 0 }, { t: 30, v: 0 }];

  it('finds the point closest in time', () => {
    expect(nearestIndex(points, 4)).toBe(0);
    expect(nearestIndex(points, 6)).toBe(1);
    expect(nearestIndex(points, 25)).toBe(2);
    expect(nearestIndex(points, 99)).toBe(2);
    expect(nearestIndex(points, -5)).toBe(0);
  });
});
