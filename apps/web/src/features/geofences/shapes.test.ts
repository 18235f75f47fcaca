import { describe, expect, it } from 'vitest';
import { areaKm2, bearing, circleRing, destination, distance, shapeFromGeometry, shapeGeometry, shapeToWkt, vertices, withoutVertex, wktToShape, type Shape } from './shapes.ts';

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

  it('refuses what is not an area (which areas are: @rastro/api)', () => {
    expect(wktToShape('POINT (1 2)')).toBeNull();
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

  it('round-trips edited shapes through the map geometry and WKT unchanged', () => {
    const polygon = wktToShape('POLYGON ((-23.55 -46.63, -23.55 -46.62, -23.56 -46.62, -23.56 -46.63, -23.55 -46.63))')!;
    // a vertex dragged east, as terra-draw hands it back (a closed GeoJSON ring)
    const ring = (shapeGeometry(polygon) as { coordinates: number[][][] }).coordinates[0].map((p) => [...p]);
    ring[1] = [-46.615, -23.55];
    const edited = shapeFromGeometry('polygon', { type: 'Polygon', coordinates: [ring] })!;
    const wkt = shapeToWkt(edited);
    expect(wkt).toBe('POLYGON ((-23.55 -46.63, -23.55 -46.615, -23.56 -46.62, -23.56 -46.63, -23.55 -46.63))');
    expect(wktToShape(wkt)).toEqual(edited);
    expect(vertices(edited)).toHaveLength(4);
    expect(areaKm2(edited)).toBeGreaterThan(areaKm2(polygon));

    const line = wktToShape('LINESTRING (-23.5 -46.6, -23.6 -46.7, -23.7 -46.7)')!;
    const moved = shapeFromGeometry('line', { type: 'LineString', coordinates: [[-46.6, -23.5], [-46.65, -23.61], [-46.7, -23.7]] })!;
    expect(shapeToWkt(moved)).toBe('LINESTRING (-23.5 -46.6, -23.61 -46.65, -23.7 -46.7)');
    expect(wktToShape(shapeToWkt(moved))).toEqual(moved);
    expect(vertices(line)).toHaveLength(3);

    // a circle edited by its handles keeps an exact centre and radius (one decimal of a metre)
    const circle: Shape = { kind: 'circle', center: [-46.6333, -23.5505], radius: 150 };
    const grown: Shape = { ...circle, radius: distance(circle.center, destination(circle.center, 321.46, 45)) };
    expect(shapeToWkt(grown)).toBe('CIRCLE (-23.5505 -46.6333, 321.5)');
    expect(wktToShape(shapeToWkt(grown))).toEqual({ ...grown, radius: 321.5 });
  });

  it('deletes vertices but keeps a triangle and a segment', () => {
    const square: Shape = { kind: 'polygon', ring: [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]] };
    const triangle = withoutVertex(square, 0);
    expect(triangle).toEqual({ kind: 'polygon', ring: [[1, 0], [1, 1], [0, 1], [1, 0]] });
    expect(shapeToWkt(triangle)).toBe('POLYGON ((0 1, 1 1, 1 0, 0 1))');
    expect(withoutVertex(triangle, 1)).toBe(triangle);
    const line: Shape = { kind: 'line', points: [[0, 0], [1, 1], [2, 2]] };
    expect(withoutVertex(line, 1)).toEqual({ kind: 'line', points: [[0, 0], [2, 2]] });
    expect(withoutVertex(withoutVertex(line, 1), 0)).toEqual({ kind: 'line', points: [[0, 0], [2, 2]] });
    expect(withoutVertex(line, 7)).toBe(line);
  });

  it('measures areas in km² and bearings in degrees', () => {
    // the anchor circle of spec §9: 150 m, about 0.07 km²
    expect(areaKm2({ kind: 'circle', center: [0, 0], radius: 150 })).toBeCloseTo(0.0707, 4);
    // one degree square at the equator: about 111.2 km a side
    expect(areaKm2({ kind: 'polygon', ring: [[0, 0], [1, 0], [1, 1], [0, 1]] })).toBeCloseTo(12364, -2);
    // the winding does not matter
    expect(areaKm2({ kind: 'polygon', ring: [[0, 1], [1, 1], [1, 0], [0, 0]] })).toBeCloseTo(12364, -2);
    expect(areaKm2({ kind: 'line', points: [[0, 0], [1, 1]] })).toBe(0);
    const east = destination([-46.6, -23.5], 1000, 90);
    expect(distance([-46.6, -23.5], east)).toBeCloseTo(1000, 6);
    expect(bearing([-46.6, -23.5], east)).toBeCloseTo(90, 1);
  });
});
