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
  const angular = radius / EARTH_RADIUS_M;
  const lat1 = (center[1]! * Math.PI) / 180;
  const lon1 = (center[0]! * Math.PI) / 180;
  const ring: LonLat[] = [];
  for (let step = 0; step <= steps; step++) {
    const bearing = (2 * Math.PI * (step % steps)) / steps;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
    const lon2 = lon1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
    ring.push([(lon2 * 180) / Math.PI, (lat2 * 180) / Math.PI]);
  }
  return ring;
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

/** [[west, south], [east, north]] of a shape, to fit the map on it. */
export function shapeBounds(shape: Shape): [[number, number], [number, number]] {
  const geometry = shapeGeometry(shape);
  const points = geometry.type === 'Polygon' ? geometry.coordinates[0]! : geometry.coordinates;
  const lons = points.map((p) => p[0]!);
  const lats = points.map((p) => p[1]!);
  return [[Math.min(...lons), Math.min(...lats)], [Math.max(...lons), Math.max(...lats)]];
}
