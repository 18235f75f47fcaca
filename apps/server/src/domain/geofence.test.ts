import { describe, expect, it } from 'vitest';
import { areaContains, parseArea } from './geofence.ts';

describe('geofence areas (Traccar WKT, latitude first)', () => {
  it('circle: inside when within the radius', () => {
    const area = parseArea('CIRCLE (-23.5614 -46.6559, 150)');
    expect(areaContains(area, -23.5614, -46.6559)).toBe(true);
    expect(areaContains(area, -23.5624, -46.6559)).toBe(true); // ~111 m south
    expect(areaContains(area, -23.5634, -46.6559)).toBe(false); // ~222 m south
  });

  it('polygon: even-odd inside test', () => {
    const area = parseArea('POLYGON ((-23.55 -46.66, -23.55 -46.64, -23.57 -46.64, -23.57 -46.66, -23.55 -46.66))');
    expect(areaContains(area, -23.56, -46.65)).toBe(true);
    expect(areaContains(area, -23.58, -46.65)).toBe(false);
  });

  it('polygon across the antimeridian', () => {
    const area = parseArea('POLYGON ((10 179, 10 -179, -10 -179, -10 179))');
    expect(areaContains(area, 0, 179.5)).toBe(true);
    expect(areaContains(area, 0, -179.5)).toBe(true);
    expect(areaContains(area, 0, 178)).toBe(false);
  });

  it('line: inside within the polyline distance of a segment', () => {
    const area = parseArea('LINESTRING (-23.56 -46.66, -23.56 -46.64)');
    expect(areaContains(area, -23.5601, -46.65)).toBe(true); // ~11 m off the line
    expect(areaContains(area, -23.5610, -46.65)).toBe(false); // ~111 m off
    expect(areaContains(area, -23.5610, -46.65, 150)).toBe(true);
  });

  it('rejects what is not an area, with a reason', () => {
    expect(() => parseArea('POINT (1 2)')).toThrow('Unknown geometry type');
    expect(() => parseArea('CIRCLE (1 2, -5)')).toThrow(/radius/);
    expect(() => parseArea('POLYGON ((1 2, 3 4))')).toThrow(/3 points/);
    expect(() => parseArea('CIRCLE (100 2, 5)')).toThrow(/range/);
  });
});
