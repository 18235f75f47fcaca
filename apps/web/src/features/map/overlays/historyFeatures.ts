import type { Position } from '@rastro/api';
import type { FeatureCollection, LineString, Point } from 'geojson';

export interface HistoryPointProperties {
  course: number;
  /** Knots, as on the wire. */
  speed: number;
  latitude: number;
  longitude: number;
}

/** The period's path as one line (empty below two positions). */
export function routeLine(positions: readonly Position[]): FeatureCollection<LineString> {
  const coordinates = positions.map((position) => [position.longitude, position.latitude]);
  return {
    type: 'FeatureCollection',
    features: coordinates.length > 1 ? [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } }] : [],
  };
}

export function routePoints(positions: readonly Position[]): FeatureCollection<Point, HistoryPointProperties> {
  return {
    type: 'FeatureCollection',
    features: positions.map((position) => ({
      type: 'Feature',
      id: position.id,
      geometry: { type: 'Point', coordinates: [position.longitude, position.latitude] },
      properties: { course: position.course, speed: position.speed, latitude: position.latitude, longitude: position.longitude },
    })),
  };
}
