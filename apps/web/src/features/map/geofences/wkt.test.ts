import { describe, expect, it } from 'vitest';
import { circleArea } from '../../../api/geofences.ts';
import { parseArea } from './wkt.ts';

describe('parseArea', () => {
  it('reads polygons latitude first, closing the ring', () => {
    expect(parseArea('POLYGON ((-23.5 -46.6, -23.6 -46.6, -23.6 -46.7))')).toEqual({
      type: 'Polygon',
      coordinates: [[[-46.6, -23.5], [-46.6, -23.6], [-46.7, -23.6], [-46.6, -23.5]]],
    });
  });

  it('reads lines', () => {
    expect(parseArea('LINESTRING (-23.5 -46.6, -23.6 -46.7)')).toEqual({
      type: 'LineString',
      coordinates: [[-46.6, -23.5], [-46.7, -23.6]],
    });
  });

  it('turns a circle into a ring of points at the radius', () => {
    const polygon = parseArea('CIRCLE (-23.55 -46.63, 150)');
    expect(polygon?.type).toBe('Polygon');
    const ring = polygon!.type === 'Polygon' ? polygon!.coordinates[0] : [];
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring[64]);
    // due north: 150 m is about 0.001348° of latitude
    expect(ring[0][1] - -23.55).toBeCloseTo(150 / 111_319.5, 5);
    expect(ring[0][0]).toBeCloseTo(-46.63, 9);
  });

  it('refuses what it cannot read (which areas are: @rastro/api)', () => {
    expect(parseArea('LINESTRING (a b, 1 2)')).toBeNull();
  });

  it('reads the circles the client writes', () => {
    expect(circleArea(-23.55, -46.63, 150)).toBe('CIRCLE (-23.55 -46.63, 150)');
    expect(parseArea(circleArea(-23.55, -46.63, 150))?.type).toBe('Polygon');
  });
});
