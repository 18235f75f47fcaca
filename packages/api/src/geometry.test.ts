import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { areaContains, distanceMeters, destinationPoint, formatArea, parseArea, tryParseArea, type Area, type LatLon } from './geometry.ts';

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

  it('tryParseArea: null for all parseArea refuses (the web reads stored areas with it)', () => {
    for (const wkt of ['POINT (1 2)', 'CIRCLE (1 2, -5)', 'CIRCLE (-23 -46, 0)', 'POLYGON ((1 2, 3 4))', 'LINESTRING (a b, 1 2)']) {
      expect(tryParseArea(wkt)).toBeNull();
    }
  });

  it('measures with Traccar\'s radius: one degree of latitude is 111,319.5 m', () => {
    expect(distanceMeters(0, 0, 1, 0)).toBeCloseTo(111_319.49, 1);
  });
});

// Generators of what the WKT can hold: degrees in range, radii from a metre to 100 km.
const latitude = fc.double({ min: -89, max: 89, noNaN: true });
const longitude = fc.double({ min: -179, max: 179, noNaN: true });
const point = fc.tuple(latitude, longitude).map(([lat, lon]): LatLon => [lat, lon]);
const radius = fc.double({ min: 1, max: 100_000, noNaN: true });
const circle = fc.record({ type: fc.constant('circle' as const), latitude, longitude, radius });
const polygon = fc.array(point, { minLength: 3, maxLength: 12 }).map((points): Area => ({ type: 'polygon', points }));
const line = fc.array(point, { minLength: 2, maxLength: 12 }).map((points): Area => ({ type: 'line', points }));
const area = fc.oneof(circle, polygon, line);

/** The points of an area as its WKT writes them (a polygon closed). */
function outline(area: Area): LatLon[] {
  if (area.type === 'circle') return [[area.latitude, area.longitude]];
  const points = area.points;
  if (area.type === 'line') return points;
  const [first, last] = [points[0], points[points.length - 1]];
  return first[0] === last[0] && first[1] === last[1] ? points : [...points, first];
}

describe('WKT round trip (property)', () => {
  it('reading what was written gives the area back, within the rounding of the wire', () => {
    fc.assert(
      fc.property(area, (shape) => {
        const read = parseArea(formatArea(shape));
        expect(read.type).toBe(shape.type);
        if (shape.type === 'circle' && read.type === 'circle') expect(Math.abs(read.radius - shape.radius)).toBeLessThanOrEqual(0.05 + 1e-9);
        const [expected, actual] = [outline(shape), outline(read)];
        expect(actual).toHaveLength(expected.length);
        actual.forEach(([lat, lon], i) => {
          expect(Math.abs(lat - expected[i][0])).toBeLessThanOrEqual(5e-7 + 1e-12);
          expect(Math.abs(lon - expected[i][1])).toBeLessThanOrEqual(5e-7 + 1e-12);
        });
      }),
    );
  });

  it('writing what was read is stable: format(parse(x)) read and written again is x', () => {
    fc.assert(
      fc.property(area, (shape) => {
        const wkt = formatArea(parseArea(formatArea(shape)));
        expect(formatArea(parseArea(wkt))).toBe(wkt);
      }),
    );
  });
});

describe('distances (property)', () => {
  it('are symmetric, never negative and zero from a point to itself', () => {
    fc.assert(
      fc.property(point, point, ([lat1, lon1], [lat2, lon2]) => {
        const d = distanceMeters(lat1, lon1, lat2, lon2);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(Math.abs(d - distanceMeters(lat2, lon2, lat1, lon1))).toBeLessThanOrEqual(1e-6 * Math.max(1, d));
        expect(distanceMeters(lat1, lon1, lat1, lon1)).toBe(0);
      }),
    );
  });

  it('a point inside a circle of radius r is less than r from its centre, and the circle contains it', () => {
    fc.assert(
      fc.property(circle, fc.double({ min: 0, max: 0.999, noNaN: true }), fc.double({ min: 0, max: 360, noNaN: true }), (c, fraction, bearing) => {
        const [lat, lon] = destinationPoint(c.latitude, c.longitude, c.radius * fraction, bearing);
        expect(distanceMeters(c.latitude, c.longitude, lat, lon)).toBeLessThan(c.radius);
        expect(areaContains(c, lat, lon)).toBe(true);
      }),
    );
  });
});
