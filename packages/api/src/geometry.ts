/**
 * The one geometry of server and web: geofence areas in Traccar's WKT and distances on one sphere.
 * Pure functions without imports, so the web bundle takes only what it calls (no zod).
 *
 * WKT as Traccar writes it, latitude first in every pair:
 * `CIRCLE (lat lon, radius)`, `POLYGON ((lat lon, ...))`, `LINESTRING (lat lon, ...)`.
 */

/**
 * Earth radius in metres: Traccar's DistanceCalculator uses the equatorial radius (6378.137 km) for
 * its haversine, and so its geofence circles, `distance` and `totalDistance`. Using the same one keeps
 * our figures equal to Traccar's to the metre, and a circle drawn in the editor the same circle that
 * the map shows and the server tests positions against.
 */
export const EARTH_RADIUS_M = 6_378_137;

const RAD = Math.PI / 180;

/** A point as the WKT writes it: latitude, longitude (degrees). */
export type LatLon = [latitude: number, longitude: number];

/** A geofence area: the three kinds Traccar stores. Points are latitude first, like the WKT. */
export type Area =
  | { type: 'circle'; latitude: number; longitude: number; radius: number }
  | { type: 'polygon'; points: LatLon[] }
  | { type: 'line'; points: LatLon[] };

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?`;
const CIRCLE = new RegExp(String.raw`^\s*CIRCLE\s*\(\s*(${NUMBER})\s+(${NUMBER})\s*,\s*(${NUMBER})\s*\)\s*$`, 'i');

function pairs(text: string): LatLon[] {
  return text.split(',').map((pair) => {
    const [lat, lon, ...rest] = pair.trim().split(/\s+/).map(Number);
    if (rest.length || !Number.isFinite(lat) || !Number.isFinite(lon)) throw new Error(`invalid coordinate pair "${pair.trim()}"`);
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new Error(`coordinate out of range "${pair.trim()}"`);
    return [lat, lon];
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
    const points = pairs(polygon[1]);
    if (points.length < 3) throw new Error('a polygon needs at least 3 points');
    return { type: 'polygon', points };
  }
  const line = /^\s*LINESTRING\s*\((.*)\)\s*$/is.exec(wkt);
  if (line) {
    const points = pairs(line[1]);
    if (points.length < 2) throw new Error('a line needs at least 2 points');
    return { type: 'line', points };
  }
  throw new Error('Unknown geometry type');
}

/** The area, or null when it is not one: for lists where one bad area must not hide the rest. */
export function tryParseArea(wkt: string): Area | null {
  try {
    return parseArea(wkt);
  } catch {
    return null;
  }
}

/** Rounded for the wire: 6 decimals of a degree (~0.1 m), a tenth of a metre of radius. */
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const pair = ([lat, lon]: LatLon) => `${round(lat, 6)} ${round(lon, 6)}`;

/** A polygon's ring, closed (first point repeated last) as WKT and GeoJSON want it. */
export function closedRing<T extends readonly number[]>(ring: T[]): T[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
}

/** The WKT of an area, latitude first; polygons are written closed. */
export function formatArea(area: Area): string {
  switch (area.type) {
    case 'circle':
      return `CIRCLE (${pair([area.latitude, area.longitude])}, ${round(area.radius, 1)})`;
    case 'polygon':
      return `POLYGON ((${closedRing(area.points).map(pair).join(', ')}))`;
    case 'line':
      return `LINESTRING (${area.points.map(pair).join(', ')})`;
  }
}

/** Haversine (great-circle) distance in metres. */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial bearing from the first point to the second, degrees clockwise from north in [0, 360). */
export function bearingDegrees(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLon = (lon2 - lon1) * RAD;
  const y = Math.sin(dLon) * Math.cos(lat2 * RAD);
  const x = Math.cos(lat1 * RAD) * Math.sin(lat2 * RAD) - Math.sin(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos(dLon);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/** The point `metres` away from (lat, lon) along `bearing` (degrees clockwise from north). */
export function destinationPoint(lat: number, lon: number, metres: number, bearing: number): LatLon {
  const angular = metres / EARTH_RADIUS_M;
  const theta = bearing * RAD;
  const lat1 = lat * RAD;
  const lon1 = lon * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta));
  const lon2 = lon1 + Math.atan2(Math.sin(theta) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return [lat2 / RAD, lon2 / RAD];
}

/** Points drawn around a circle, for maps: `steps` of them, closed (the first repeated last). */
export const CIRCLE_STEPS = 64;

/** A circle as a closed ring of `steps` points `radius` metres around its centre. */
export function circleRing(lat: number, lon: number, radius: number, steps = CIRCLE_STEPS): LatLon[] {
  return Array.from({ length: steps + 1 }, (_, step) => destinationPoint(lat, lon, radius, (360 * (step % steps)) / steps));
}

/** Even-odd rule in lat/lon, with longitudes unwrapped around the first vertex (antimeridian). */
function insidePolygon(points: LatLon[], lat: number, lon: number): boolean {
  const unwrap = (value: number) => {
    const base = points[0][1];
    let v = value;
    while (v - base > 180) v -= 360;
    while (v - base < -180) v += 360;
    return v;
  };
  const x = unwrap(lon);
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [yi, xiRaw] = points[i];
    const [yj, xjRaw] = points[j];
    const xi = unwrap(xiRaw);
    const xj = unwrap(xjRaw);
    if (yi > lat !== yj > lat && x < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance in metres from a point to a segment, on a local flat projection (segments are short). */
function distanceToSegment(lat: number, lon: number, a: LatLon, b: LatLon): number {
  const scale = Math.cos(lat * RAD);
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

/** Whether (lat, lon) is in the area; a line holds what is within `polylineDistance` metres of it (Traccar's default 25). */
export function areaContains(area: Area, lat: number, lon: number, polylineDistance = 25): boolean {
  switch (area.type) {
    case 'circle':
      return distanceMeters(area.latitude, area.longitude, lat, lon) <= area.radius;
    case 'polygon':
      return insidePolygon(area.points, lat, lon);
    case 'line':
      for (let i = 1; i < area.points.length; i++) {
        if (distanceToSegment(lat, lon, area.points[i - 1], area.points[i]) <= polylineDistance) return true;
      }
      return false;
  }
}

/**
 * Surface in m² (0 for lines): a circle's is πr², like the anchor circle of spec §9; a polygon's is
 * the spherical excess of its ring (the formula of Chamberlain and Duquette, as turf uses).
 */
export function areaSquareMeters(area: Area): number {
  if (area.type === 'line') return 0;
  if (area.type === 'circle') return Math.PI * area.radius ** 2;
  const ring = closedRing(area.points);
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [lat1, lon1] = ring[i];
    const [lat2, lon2] = ring[i + 1];
    sum += (lon2 - lon1) * RAD * (2 + Math.sin(lat1 * RAD) + Math.sin(lat2 * RAD));
  }
  return Math.abs((sum * EARTH_RADIUS_M ** 2) / 2);
}
