import { areaContains } from '@rastro/api';
import type { PositionHandler } from './types.ts';

/** `geofenceIds`: the geofences linked to the device or its groups that contain the position (null if none). */
export const geofence: PositionHandler = (position, _last, context) => {
  if (!context.geofences.length) return { ...position, geofenceIds: null };
  const ids = context.geofences
    .filter((g) => areaContains(g.area, position.latitude, position.longitude, Number(g.attributes.polylineDistance ?? 25) || 25))
    .map((g) => g.id);
  return { ...position, geofenceIds: ids.length ? ids : null };
};
