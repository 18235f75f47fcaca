import { KEY, attribute } from '../position/keys.ts';
import type { PositionHandler } from './types.ts';

/**
 * `hours` (engine time, milliseconds) accumulated while the ignition is on in both this and the
 * previous position, unless the device reports it (Traccar's EngineHoursHandler).
 */
export const engineHours: PositionHandler = (position, last) => {
  if (attribute(position.attributes, KEY.hours) !== undefined) return position;
  let hours = (last && attribute(last.attributes, KEY.hours)) ?? 0;
  if (last && attribute(last.attributes, KEY.ignition) === true && attribute(position.attributes, KEY.ignition) === true) {
    hours += Math.max(0, position.deviceTime - last.deviceTime);
  }
  return hours ? { ...position, attributes: { ...position.attributes, [KEY.hours]: hours } } : position;
};
