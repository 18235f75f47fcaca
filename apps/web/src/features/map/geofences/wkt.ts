import type { LineString, Polygon, Position as Coordinate } from 'geojson';

const EARTH_RADIUS_M = 6_378_137;
const CIRCLE_STEPS = 64;

/** A circle as a polygon of `steps` points `radius` metres around its centre (spherical Earth). */
export function circlePolygon(longitude: number, latitude: number, radius: number, steps = CIRCLE_STEPS): Polygon {
  const angular = radius / EARTH_RADIUS_M;
  const lat1 = (latitude * Math.PI) / 180;
  const lon1 = (longitude * Math.PI) / 180;
  const ring: Coordinate[] = [];
  for (let step = 0; step <= steps; step++) {
    const bearing = (2 * Math.PI * (step % steps)) / steps;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
    const lon2 = lon1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
    ring.push([(lon2 * 180) / Math.PI, (lat2 * 180) / Math.PI]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

/** `lat lon` pairs, comma-separated, as GeoJSON `[lon, lat]`. */
function coordinates(text: string): Coordinate[] {
  return text.split(',').map((pair) => {
    const [latitude, longitude] = pair.trim().split(/\s+/).map(Number);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) throw new Error(`bad coordinate "${pair.trim()}"`);
    return [longitude, latitude];
  });
}

/**
 * A geofence area in Traccar's WKT, latitude first: `CIRCLE (lat lon, radius)`, `POLYGON ((lat lon,
 * …))` or `LINESTRING (lat lon, …)`. Null for anything else, so one bad area does not hide the rest.
 */
export function parseArea(area: string): Polygon | LineString | null {
  const match = /^\s*(CIRCLE|POLYGON|LINESTRING)\s*\(\s*\(?(.*?)\)?\s*\)\s*$/is.exec(area);
  if (!match) return null;
  try {
    const kind = match[1].toUpperCase();
    if (kind === 'CIRCLE') {
      const [centre, radiusText] = match[2].split(',');
      const [[longitude, latitude]] = coordinates(centre);
      const radius = Number(radiusText);
      return Number.isFinite(radius) && radius > 0 ? circlePolygon(longitude, latitude, radius) : null;
    }
    const points = coordinates(match[2]);
    if (kind === 'LINESTRING') return points.length >= 2 ? { type: 'LineString', coordinates: points } : null;
    if (points.length < 3) return null;
    const [first] = points;
    const last = points[points.length - 1];
    const ring = first[0] === last[0] && first[1] === last[1] ? points : [...points, first];
    return { type: 'Polygon', coordinates: [ring] };
  } catch {
    return null;
  }
}
