import { KEY, attribute } from '../position/keys.ts';
import { numberSetting } from './device-context.ts';
import type { PositionHandler } from './types.ts';

/**
 * `motion` from speed unless the device reported it: above `event.motion.speedThreshold` (knots;
 * device, group or server, Traccar's default 0.01).
 */
export const motion: PositionHandler = (position, _last, context) => {
  if (attribute(position.attributes, KEY.motion) !== undefined) return position;
  const threshold = numberSetting(context, 'event.motion.speedThreshold', 0.01);
  return { ...position, attributes: { ...position.attributes, [KEY.motion]: position.speed > threshold } };
};
