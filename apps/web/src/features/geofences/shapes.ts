import {
  areaSquareMeters,
  bearingDegrees,
  CIRCLE_STEPS,
  circleRing as ringAround,
  closedRing,
  destinationPoint,
  distanceMeters,
  formatArea,
  tryParseArea,
  type Area,
  type LatLon,
} from '@rastro/api';
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

const latLon = (point: LonLat): LatLon => [point[1], point[0]];
const lonLat = ([lat, lon]: LatLon): LonLat => [lon, lat];

/** The area of `@rastro/api` (WKT order) that a shape is. */
function toArea(shape: Shape): Area {
  switch (shape.kind) {
    case 'circle':
      return { type: 'circle', latitude: shape.center[1], longitude: shape.center[0], radius: shape.radius };
    case 'polygon':
      return { type: 'polygon', points: shape.ring.map(latLon) };
    case 'line':
      return { type: 'line', points: shape.points.map(latLon) };
  }
}

export function shapeToWkt(shape: Shape): string {
  return formatArea(toArea(shape));
}

/** The shape of a stored area; null when it is not one of the three kinds. */
export function wktToShape(wkt: string): Shape | null {
  const area = tryParseArea(wkt);
  switch (area?.type) {
    case undefined:
      return null;
    case 'circle':
      return { kind: 'circle', center: [area.longitude, area.latitude], radius: area.radius };
    case 'polygon':
      return { kind: 'polygon', ring: closedRing(area.points.map(lonLat)) };
    case 'line':
      return { kind: 'line', points: area.points.map(lonLat) };
  }
}

/** Great-circle distance in metres. */
export function distance(from: LonLat, to: LonLat): number {
  return distanceMeters(from[1], from[0], to[1], to[0]);
}

/** A circle drawn as a polygon (as terra-draw does): its centre is the mean vertex, its radius the mean distance to it. */
export function circleFromRing(ring: LonLat[]): Shape {
  const points = closedRing(ring).slice(0, -1);
  const center: LonLat = [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
  const radius = points.reduce((s, p) => s + distance(center, p), 0) / points.length;
  return { kind: 'circle', center, radius };
}

/** The polygon of a circle, `steps` points around it. */
export function circleRing(center: LonLat, radius: number, steps = CIRCLE_STEPS): LonLat[] {
  return ringAround(center[1], center[0], radius, steps).map(lonLat);
}

export function shapeGeometry(shape: Shape): Polygon | LineString {
  switch (shape.kind) {
    case 'circle':
      return { type: 'Polygon', coordinates: [circleRing(shape.center, shape.radius)] };
    case 'polygon':
      return { type: 'Polygon', coordinates: [closedRing(shape.ring)] };
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
  return shape.kind === 'polygon' ? closedRing(shape.ring).slice(0, -1) : shape.points;
}

/** Fewest vertices each kind keeps when one is deleted: a triangle, a segment. */
export const MIN_VERTICES = { polygon: 3, line: 2 } as const;

/** The shape without its vertex `index`; unchanged when that would leave too few points. */
export function withoutVertex(shape: Shape, index: number): Shape {
  if (shape.kind === 'circle') return shape;
  const points = vertices(shape);
  if (index < 0 || index >= points.length || points.length <= MIN_VERTICES[shape.kind]) return shape;
  const kept = points.filter((_, i) => i !== index);
  return shape.kind === 'polygon' ? { kind: 'polygon', ring: closedRing(kept) } : { kind: 'line', points: kept };
}

/** The point `metres` away from `from` along `bearing` (degrees clockwise from north). */
export function destination(from: LonLat, metres: number, bearing: number): LonLat {
  return lonLat(destinationPoint(from[1], from[0], metres, bearing));
}

/** Initial bearing from `from` to `to`, degrees clockwise from north. */
export function bearing(from: LonLat, to: LonLat): number {
  return bearingDegrees(from[1], from[0], to[1], to[0]);
}

/** Area in km² (0 for lines), on the one Earth of `@rastro/api`. */
export function areaKm2(shape: Shape): number {
  return areaSquareMeters(toArea(shape)) / 1e6;
}

/** [[west, south], [east, north]] of a shape, to fit the map on it. */
export function shapeBounds(shape: Shape): [[number, number], [number, number]] {
  const geometry = shapeGeometry(shape);
  const points = geometry.type === 'Polygon' ? geometry.coordinates[0] : geometry.coordinates;
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return [[Math.min(...lons), Math.min(...lats)], [Math.max(...lons), Math.max(...lats)]];
}
