import { describe, expect, it } from 'vitest';
import { circleRing, shapeFromGeometry, shapeGeometry, shapeToWkt, wktToShape } from './shapes.ts';

describe('geofence shapes ↔ WKT (latitude first)', () => {
  it('writes and reads a circle', () => {
    const wkt = shapeToWkt({ kind: 'circle', center: [-46.6333, -23.5505], radius: 150 });
    expect(wkt).toBe('CIRCLE (-23.5505 -46.6333, 150)');
    expect(wktToShape(wkt)).toEqual({ kind: 'circle', center: [-46.6333, -23.5505], radius: 150 });
  });

  it('closes polygons and keeps lines open', () => {
    const wkt = shapeToWkt({ kind: 'polygon', ring: [[1, 10], [2, 10], [2, 11]] });
    expect(wkt).toBe('POLYGON ((10 1, 10 2, 11 2, 10 1))');
    expect(wktToShape(wkt)).toEqual({ kind: 'polygon', ring: [[1, 10], [2, 10], [2, 11], [1, 10]] });
    expect(shapeToWkt({ kind: 'line', points: [[1, 10], [2, 11]] })).toBe('LINESTRING (10 1, 11 2)');
    expect(wktToShape('LINESTRING (10 1, 11 2)')).toEqual({ kind: 'line', points: [[1, 10], [2, 11]] });
  });

  it('refuses what is not an area', () => {
    expect(wktToShape('POINT (1 2)')).toBeNull();
    expect(wktToShape('CIRCLE (1 2, -5)')).toBeNull();
    expect(wktToShape('POLYGON ((1 2, 3 4))')).toBeNull();
    expect(wktToShape('LINESTRING (a b, 1 2)')).toBeNull();
  });

  it('recovers a drawn circle from its polygon', () => {
    const geometry = { type: 'Polygon' as const, coordinates: [circleRing([-46.6, -23.5], 500)] };
    const shape = shapeFromGeometry('circle', geometry);
    expect(shape?.kind).toBe('circle');
    if (shape?.kind !== 'circle') return;
    expect(shape.radius).toBeCloseTo(500, -1);
    expect(shape.center[0]).toBeCloseTo(-46.6, 4);
    expect(shape.center[1]).toBeCloseTo(-23.5, 4);
  });

  it('turns shapes into GeoJSON for the map', () => {
    expect(shapeGeometry({ kind: 'line', points: [[1, 2], [3, 4]] })).toEqual({ type: 'LineString', coordinates: [[1, 2], [3, 4]] });
    expect(shapeGeometry({ kind: 'circle', center: [0, 0], radius: 100 }).coordinates[0]).toHaveLength(65);
  });
});
