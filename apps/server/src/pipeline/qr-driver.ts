import { QR_DEVICE_STATE } from '@rastro/api';
import { KEY } from '../position/keys.ts';
import type { PositionHandler } from './types.ts';

/**
 * A QR driver checked in to the device is its driver: positions that report no driver of their
 * own carry the driver's uniqueId, so reports and the driverChanged event see who drove.
 */
export const qrDriver: PositionHandler = (position, _last, context) => {
  if (position.attributes[KEY.driverUniqueId] !== undefined) return position;
  const uniqueId = context.lookup(QR_DEVICE_STATE.driverUniqueId);
  if (typeof uniqueId !== 'string' || uniqueId === '') return position;
  return { ...position, attributes: { ...position.attributes, [KEY.driverUniqueId]: uniqueId } };
};

/**
 * Traccar's `processing.useLinkedDriver`: a position without a driver of its own (nor a QR
 * check-in) carries the first driver linked to the device or its groups.
 */
export const linkedDriver: PositionHandler = (position, _last, context) => {
  if (position.attributes[KEY.driverUniqueId] !== undefined || context.lookup('processing.useLinkedDriver') !== true) return position;
  const [uniqueId] = context.drivers;
  return uniqueId ? { ...position, attributes: { ...position.attributes, [KEY.driverUniqueId]: uniqueId } } : position;
};
