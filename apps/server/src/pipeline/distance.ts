import { distanceMeters } from '@rastro/api';
import type { PositionHandler } from './types.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** `distance` from the last position (unless the device reported it) and the running `totalDistance`, in metres. */
export const distance: PositionHandler = (position, last) => {
  const attributes = { ...position.attributes };
  let step = typeof attributes.distance === 'number' ? attributes.distance : 0;
  if (typeof attributes.distance !== 'number' && last && !position.outdated) {
    step = distanceMeters(last.latitude, last.longitude, position.latitude, position.longitude);
  }
  const previousTotal = last && typeof last.attributes.totalDistance === 'number' ? last.attributes.totalDistance : 0;
  attributes.distance = round2(step);
  attributes.totalDistance = round2(previousTotal + step);
  return { ...position, attributes };
};
