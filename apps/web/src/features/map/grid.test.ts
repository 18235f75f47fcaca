import { describe, expect, it } from 'vitest';
import { gridLines, niceStep } from './grid.ts';

describe('niceStep', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0.0013)).toBeCloseTo(0.002, 10);
    expect(niceStep(0.03)).toBeCloseTo(0.05, 10);
    expect(niceStep(0.1)).toBeCloseTo(0.1, 10);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(36)).toBe(30);
  });
});

describe('gridLines', () => {
  it('draws about ten lines across a city-sized view', () => {
    // roughly São Paulo at zoom 14: 0.05° wide
    const grid = gridLines({ west: -46.66, south: -23.57, east: -46.61, north: -23.53 });
    const meridians = grid.features.filter((f) => f.geometry.coordinates[0][0] === f.geometry.coordinates[1][0]);
    const parallels = grid.features.length - meridians.length;
    expect(meridians.length).toBeGreaterThanOrEqual(6);
    expect(meridians.length).toBeLessThanOrEqual(16);
    expect(parallels).toBeGreaterThanOrEqual(5);
    const spacing = Math.abs(meridians[1].geometry.coordinates[0][0] - meridians[0].geometry.coordinates[0][0]);
    expect(spacing).toBeCloseTo(0.005, 10);
  });

  it('stays within the world and the Mercator latitude range', () => {
    const grid = gridLines({ west: -400, south: -90, east: 400, north: 90 });
    for (const feature of grid.features) {
      for (const [longitude, latitude] of feature.geometry.coordinates) {
        expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
        expect(Math.abs(latitude)).toBeLessThanOrEqual(85);
      }
    }
    expect(grid.features.length).toBeLessThan(40);
  });

  it('is empty for degenerate bounds', () => {
    expect(gridLines({ west: 10, south: 0, east: 10, north: 1 }).features).toHaveLength(0);
  });
});
