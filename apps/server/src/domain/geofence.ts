import { distanceMeters } from './geo.ts';

/**
 * Geofence areas in Traccar's WKT, latitude first in every pair:
 * `CIRCLE (lat lon, radius)`, `POLYGON ((lat lon, ...))`, `LINESTRING (lat lon, ...)`.
 */
export type Area =
  | { type: 'circle'; latitude: number; longitude: number; radius: number }
  | { type: 'polygon'; points: [number, number][] }
  | { type: 'line'; points: [number, number][] };

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?`;
const CIRCLE = new RegExp(String.raw`^\s*CIRCLE\s*\(\s*(${NUMBER})\s+(${NUMBER})\s*,\s*(${NUMBER})\s*\)\s*$`, 'i');

function pairs(text: string): [number, number][] {
  return text.split(',').map((pair) => {
    const [lat, lon, ...rest] = pair.trim().split(/\s+/).map(Number);
    if (rest.length || !Number.isFinite(lat) || !Number.isFinite(lon)) throw new Error(`invalid coordinate pair "${pair.trim()}"`);
    if (Math.abs(lat!) > 90 || Math.abs(lon!) > 180) throw new Error(`coordinate out of range "${pair.trim()}"`);
    return [lat!, lon!];
  });
}

/** Parses an area; throws an Error with a clear message when it is not valid. */
export function parseArea(wkt: string): Area {
  const circle = CIRCLE.exec(wkt);
  if (circle) {
    const [latitude, longitude, radius] = [Number(circle[1]), Number(circle[2]), Number(circle[3])];
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new Error('circle centre out of range');
    if (!(radius > 0)) throw new Error('circle radius must be positive');
    return { type: 'circle', latitude, longitude, radius };
  }
  const polygon = /^\s*POLYGON\s*\(\s*\((.*)\)\s*\)\s*$/is.exec(wkt);
  if (polygon) {
    const points = pairs(polygon[1]!);
    if (points.length < 3) throw new Error('a polygon needs at least 3 points');
    return { type: 'polygon', points };
  }
  const line = /^\s*LINESTRING\s*\((.*)\)\s*$/is.exec(wkt);
  if (line) {
    const points = pairs(line[1]!);
    if (points.length < 2) throw new Error('a line needs at least 2 points');
    return { type: 'line', points };
  }
  throw new Error('Unknown geometry type');
}

/** Even-odd rule in lat/lon, with longitudes unwrapped around the first vertex (antimeridian). */
function insidePolygon(points: [number, number][], lat: number, lon: number): boolean {
  const unwrap = (value: number) => {
    const base = points[0]![1];
    let v = value;
    while (v - base > 180) v -= 360;
    while (v - base < -180) v += 360;
    return v;
  };
  const x = unwrap(lon);
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [yi, xiRaw] = points[i]!;
    const [yj, xjRaw] = points[j]!;
    const xi = unwrap(xiRaw);
    const xj = unwrap(xjRaw);
    if (yi > lat !== yj > lat && x < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance in metres from a point to a segment, on a local flat projection (segments are short). */
function distanceToSegment(lat: number, lon: number, a: [number, number], b: [number, number]): number {
  const scale = Math.cos((lat * Math.PI) / 180);
  const ax = (a[1] - lon) * scale;
  const ay = a[0] - lat;
  const bx = (b[1] - lon) * scale;
  const by = b[0] - lat;
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
  const px = ax + t * dx;
  const py = ay + t * dy;
  return distanceMeters(lat, lon, lat + py, lon + px / (scale || 1));
}

export function areaContains(area: Area, lat: number, lon: number, polylineDistance = 25): boolean {
  switch (area.type) {
    case 'circle':
      return distanceMeters(area.latitude, area.longitude, lat, lon) <= area.radius;
    case 'polygon':
      return insidePolygon(area.points, lat, lon);
    case 'line':
      for (let i = 1; i < area.points.length; i++) {
        if (distanceToSegment(lat, lon, area.points[i - 1]!, area.points[i]!) <= polylineDistance) return true;
      }
      return false;
  }
}
