import { describe, expect, it } from 'vitest';
import { makePosition } from '../../testing/fixtures.ts';
import { extendTrail } from './TrailLayer.tsx';

describe('extendTrail', () => {
  it('grows only the trails being drawn, skipping repeated points', () => {
    const trails = new Map<number, [number, number][]>([[1, []]]);
    expect(extendTrail(trails, makePosition({ deviceId: 1, latitude: -23.5, longitude: -46.6 }))).toBe(true);
    expect(extendTrail(trails, makePosition({ deviceId: 1, latitude: -23.5, longitude: -46.6 }))).toBe(false);
    expect(extendTrail(trails, makePosition({ deviceId: 1, latitude: -23.6, longitude: -46.6 }))).toBe(true);
    expect(extendTrail(trails, makePosition({ deviceId: 2 }))).toBe(false);
    expect(trails.get(1)).toEqual([[-46.6, -23.5], [-46.6, -23.6]]);
  });
});
