import type { LineString, Polygon, Position as LonLat } from 'geojson';

/**
 * A geofence area as the editor handles it, in GeoJSON order (longitude first); the wire keeps
 * Traccar's WKT, latitude first: `CIRCLE (lat lon, radius)`, `POLYGON ((lat lon, …))`, `LINESTRING (lat lon, …)`.
 */
export type Shape =
  | { kind: 'circle'; center: LonLat; radius: number }
  | { kind: 'polygon'; ring: LonLat[] }
  | { kind: 'line'; points: LonLat[] };
export type ShapeKind = Shape['kind'];

const EARTH_RADIUS_M = 6_371_008.8;
const CIRCLE_STEPS = 64;
const round = (value: number, digits = 6) => Number(value.toFixed(digits));
const pair = ([lon, lat]: LonLat) => `${round(lat!)} ${round(lon!)}`;

export function shapeToWkt(shape: Shape): string {
  switch (shape.kind) {
    case 'circle':
      return `CIRCLE (${pair(shape.center)}, ${round(shape.radius, 1)})`;
    case 'polygon': {
      const ring = closed(shape.ring);
      return `POLYGON ((${ring.map(pair).join(', ')}))`;
    }
    case 'line':
      return `LINESTRING (${shape.points.map(pair).join(', ')})`;
  }
}

function closed(ring: LonLat[]): LonLat[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
}

function coordinates(text: string): LonLat[] {
  return text.split(',').map((item) => {
    const [lat, lon] = item.trim().split(/\s+/).map(Number);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) throw new Error(`bad coordinate "${item.trim()}"`);
    return [lon!, lat!];
  });
}

/** The shape of a stored area; null when it is not one of the three kinds. */
export function wktToShape(area: string): Shape | null {
  const match = /^\s*(CIRCLE|POLYGON|LINESTRING)\s*\(\s*\(?(.*?)\)?\s*\)\s*$/is.exec(area);
  if (!match) return null;
  try {
    const body = match[2]!;
    switch (match[1]!.toUpperCase()) {
      case 'CIRCLE': {
        const [centre, radius] = body.split(',');
        const value = Number(radius);
        return Number.isFinite(value) && value > 0 ? { kind: 'circle', center: coordinates(centre!)[0]!, radius: value } : null;
      }
      case 'POLYGON': {
        const ring = coordinates(body);
        return ring.length >= 3 ? { kind: 'polygon', ring: closed(ring) } : null;
      }
      default: {
        const points = coordinates(body);
        return points.length >= 2 ? { kind: 'line', points } : null;
      }
    }
  } catch {
    return null;
  }
}

/** Great-circle distance in metres. */
export function distance([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const rad = Math.PI / 180;
  const dLat = (lat2! - lat1!) * rad;
  const dLon = (lon2! - lon1!) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1! * rad) * Math.cos(lat2! * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A circle drawn as a polygon (as terra-draw does): its centre is the mean vertex, its radius the mean distance to it. */
export function circleFromRing(ring: LonLat[]): Shape {
  const points = closed(ring).slice(0, -1);
  const center: LonLat = [points.reduce((s, p) => s + p[0]!, 0) / points.length, points.reduce((s, p) => s + p[1]!, 0) / points.length];
  const radius = points.reduce((s, p) => s + distance(center, p), 0) / points.length;
  return { kind: 'circle', center, radius };
}

/** The polygon of a circle, `steps` points around it. */
export function circleRing(center: LonLat, radius: number, steps = CIRCLE_STEPS): LonLat[] {
  return Array.from({ length: steps + 1 }, (_, step) => destination(center, radius, (360 * (step % steps)) / steps));
}

export function shapeGeometry(shape: Shape): Polygon | LineString {
  switch (shape.kind) {
    case 'circle':
      return { type: 'Polygon', coordinates: [circleRing(shape.center, shape.radius)] };
    case 'polygon':
      return { type: 'Polygon', coordinates: [closed(shape.ring)] };
    case 'line':
      return { type: 'LineString', coordinates: shape.points };
  }
}

/** The shape a drawing mode produced. */
export function shapeFromGeometry(kind: ShapeKind, geometry: Polygon | LineString): Shape | null {
  if (geometry.type === 'LineString') return geometry.coordinates.length >= 2 ? { kind: 'line', points: geometry.coordinates } : null;
  const ring = geometry.coordinates[0] ?? [];
  if (ring.length < 4) return null;
  return kind === 'circle' ? circleFromRing(ring) : { kind: 'polygon', ring };
}

/** The vertices a user edits: a polygon without its closing point, a line as it is. */
export function vertices(shape: Shape): LonLat[] {
  if (shape.kind === 'circle') return [];
  return shape.kind === 'polygon' ? closed(shape.ring).slice(0, -1) : shape.points;
}

/** Fewest vertices each kind keeps when one is deleted: a triangle, a segment. */
export const MIN_VERTICES = { polygon: 3, line: 2 } as const;

/** The shape without its vertex `index`; unchanged when that would leave too few points. */
export function withoutVertex(shape: Shape, index: number): Shape {
  if (shape.kind === 'circle') return shape;
  const points = vertices(shape);
  if (index < 0 || index >= points.length || points.length <= MIN_VERTICES[shape.kind]) return shape;
  const kept = points.filter((_, i) => i !== index);
  return shape.kind === 'polygon' ? { kind: 'polygon', ring: closed(kept) } : { kind: 'line', points: kept };
}

/** The point `metres` away from `from` along `bearing` (degrees clockwise from north). */
export function destination(from: LonLat, metres: number, bearing: number): LonLat {
  const angular = metres / EARTH_RADIUS_M;
  const theta = (bearing * Math.PI) / 180;
  const lat1 = (from[1]! * Math.PI) / 180;
  const lon1 = (from[0]! * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta));
  const lon2 = lon1 + Math.atan2(Math.sin(theta) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return [(lon2 * 180) / Math.PI, (lat2 * 180) / Math.PI];
}

/** Initial bearing from `from` to `to`, degrees clockwise from north. */
export function bearing([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const rad = Math.PI / 180;
  const y = Math.sin((lon2! - lon1!) * rad) * Math.cos(lat2! * rad);
  const x = Math.cos(lat1! * rad) * Math.sin(lat2! * rad) - Math.sin(lat1! * rad) * Math.cos(lat2! * rad) * Math.cos((lon2! - lon1!) * rad);
  return ((Math.atan2(y, x) / rad) + 360) % 360;
}

/**
 * Area in km² (0 for lines): a circle's is πr², like the anchor circle of spec §9; a polygon's is
 * the spherical excess of its ring (the formula of Chamberlain and Duquette, as turf uses).
 */
export function areaKm2(shape: Shape): number {
  if (shape.kind === 'line') return 0;
  if (shape.kind === 'circle') return (Math.PI * shape.radius ** 2) / 1e6;
  const ring = closed(shape.ring);
  const rad = Math.PI / 180;
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [lon1, lat1] = ring[i]!;
    const [lon2, lat2] = ring[i + 1]!;
    sum += (lon2! - lon1!) * rad * (2 + Math.sin(lat1! * rad) + Math.sin(lat2! * rad));
  }
  return Math.abs((sum * EARTH_RADIUS_M ** 2) / 2) / 1e6;
}

/** [[west, south], [east, north]] of a shape, to fit the map on it. */
export function shapeBounds(shape: Shape): [[number, number], [number, number]] {
  const geometry = shapeGeometry(shape);
  const points = geometry.type === 'Polygon' ? geometry.coordinates[0]! : geometry.coordinates;
  const lons = points.map((p) => p[0]!);
  const lats = points.map((p) => p[1]!);
  return [[Math.min(...lons), Math.min(...lats)], [Math.max(...lons), Math.max(...lats)]];
}
