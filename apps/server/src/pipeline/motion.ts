import type { PositionHandler } from './types.ts';

/** Traccar's event.motion.speedThreshold, knots. */
const SPEED_THRESHOLD = 0.01;

/** `motion` from speed unless the device reported it. */
export const motion: PositionHandler = (position) => {
  if (typeof position.attributes.motion === 'boolean') return position;
  return { ...position, attributes: { ...position.attributes, motion: position.speed > SPEED_THRESHOLD } };
};
