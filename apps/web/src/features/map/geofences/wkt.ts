import { circleRing, closedRing, tryParseArea, type LatLon } from '@rastro/api';
import type { LineString, Polygon, Position as Coordinate } from 'geojson';

const lonLat = ([latitude, longitude]: LatLon): Coordinate => [longitude, latitude];

/**
 * A geofence area (Traccar's WKT, read by `@rastro/api`) as GeoJSON for the map, longitude first; a
 * circle becomes a ring of points at its radius. Null for anything else, so one bad area does not
 * hide the rest.
 */
export function parseArea(wkt: string): Polygon | LineString | null {
  const area = tryParseArea(wkt);
  switch (area?.type) {
    case undefined:
      return null;
    case 'circle':
      return { type: 'Polygon', coordinates: [circleRing(area.latitude, area.longitude, area.radius).map(lonLat)] };
    case 'polygon':
      return { type: 'Polygon', coordinates: [closedRing(area.points.map(lonLat))] };
    case 'line':
      return { type: 'LineString', coordinates: area.points.map(lonLat) };
  }
}
