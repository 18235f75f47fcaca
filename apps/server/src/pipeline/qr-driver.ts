import { QR_DEVICE_STATE } from '@rastro/api';
import type { PositionHandler } from './types.ts';

/**
 * A QR driver checked in to the device is its driver: positions that report no driver of their
 * own carry the driver's uniqueId, so reports and the driverChanged event see who drove.
 */
export const qrDriver: PositionHandler = (position, _last, context) => {
  if (position.attributes.driverUniqueId !== undefined) return position;
  const uniqueId = context.lookup(QR_DEVICE_STATE.driverUniqueId);
  if (typeof uniqueId !== 'string' || uniqueId === '') return position;
  return { ...position, attributes: { ...position.attributes, driverUniqueId: uniqueId } };
};
