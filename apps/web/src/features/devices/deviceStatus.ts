import { DEVICE_STATUSES, type Device, type DeviceStatus, type Position } from '@rastro/api';

/** Marker and chip colours: online green, offline red, unknown grey. */
export const STATUS_COLORS: Record<DeviceStatus, string> = {
  online: '#2e7d32',
  offline: '#d32f2f',
  unknown: '#757575',
};

/** A device the server has not classified yet (status null after a restart) counts as unknown. */
export function deviceStatus(device: Pick<Device, 'status'>): DeviceStatus {
  return device.status && DEVICE_STATUSES.includes(device.status) ? device.status : 'unknown';
}

/** The server's motion flag on the latest position. */
export function isMoving(position: Pick<Position, 'attributes'> | undefined): boolean {
  return position?.attributes.motion === true;
}

/** The ignition reported on the latest position. */
export function hasIgnition(position: Pick<Position, 'attributes'> | undefined): boolean {
  return position?.attributes.ignition === true;
}
