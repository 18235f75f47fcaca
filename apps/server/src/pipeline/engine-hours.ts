import type { PositionHandler } from './types.ts';

/**
 * `hours` (engine time, milliseconds) accumulated while the ignition is on in both this and the
 * previous position, unless the device reports it (Traccar's EngineHoursHandler).
 */
export const engineHours: PositionHandler = (position, last) => {
  if (typeof position.attributes.hours === 'number') return position;
  let hours = typeof last?.attributes.hours === 'number' ? last.attributes.hours : 0;
  if (last && last.attributes.ignition === true && position.attributes.ignition === true) {
    hours += Math.max(0, position.deviceTime - last.deviceTime);
  }
  return hours ? { ...position, attributes: { ...position.attributes, hours } } : position;
};
