import type { Position } from '@rastro/api';

/** [lon, lat] pairs of positions, as GeoJSON wants them. */
export function routeCoordinates(positions: readonly Pick<Position, 'longitude' | 'latitude'>[]): [number, number][] {
  return positions.map((position) => [position.longitude, position.latitude]);
}
