import { distanceMeters } from '@rastro/api';
import { KEY, attribute } from '../position/keys.ts';
import type { PositionHandler } from './types.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** `distance` from the last position (unless the device reported it) and the running `totalDistance`, in metres. */
export const distance: PositionHandler = (position, last) => {
  const attributes = { ...position.attributes };
  const reported = attribute(attributes, KEY.distance);
  let step = reported ?? 0;
  if (reported === undefined && last && !position.outdated) {
    step = distanceMeters(last.latitude, last.longitude, position.latitude, position.longitude);
  }
  const previousTotal = (last && attribute(last.attributes, KEY.totalDistance)) ?? 0;
  attributes[KEY.distance] = round2(step);
  attributes[KEY.totalDistance] = round2(previousTotal + step);
  return { ...position, attributes };
};
