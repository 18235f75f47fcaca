import type { PositionHandler } from './types.ts';

/** GPS epoch: what Traccar stores for a no-fix message from a device that never had a fix. */
const NO_FIX_TIME = Date.UTC(1980, 0, 6);

/** A message without a location reuses the last known fix (Traccar's OutdatedHandler). */
export const outdated: PositionHandler = (position, last) => {
  if (!position.outdated) return position;
  if (!last) return { ...position, fixTime: NO_FIX_TIME, valid: false, latitude: 0, longitude: 0 };
  return {
    ...position,
    fixTime: last.fixTime,
    valid: last.valid,
    latitude: last.latitude,
    longitude: last.longitude,
    altitude: last.altitude,
    speed: last.speed,
    course: last.course,
    accuracy: last.accuracy,
  };
};
