import type { Attributes } from '@rastro/api';
import type { DeviceContext } from '../device-context.ts';
import type { StoredPosition, WorkingPosition } from '../../position/types.ts';

/**
 * Test-only: positions and device contexts for the unit tests of the position and event
 * handlers. Times are seconds from the epoch start given as `at`; the device is 1.
 */

export const DEVICE_ID = 1;

/** A working position at `seconds`, in São Paulo unless told otherwise. */
export function workingAt(seconds: number, fields: Partial<WorkingPosition> = {}): WorkingPosition {
  return {
    deviceId: DEVICE_ID, protocol: 'test', serverTime: seconds * 1000, deviceTime: seconds * 1000, fixTime: seconds * 1000,
    valid: true, outdated: false, latitude: -23.55, longitude: -46.63, altitude: 0, speed: 0, course: 0, accuracy: 0,
    address: null, network: null, geofenceIds: null, attributes: {},
    ...fields,
  };
}

let nextId = 1;

/** A stored position (a fresh id each time unless given). */
export function storedAt(seconds: number, fields: Partial<StoredPosition> = {}): StoredPosition {
  return { ...workingAt(seconds, fields), id: fields.id ?? nextId++ };
}

/** A stored position with these attributes. */
export function withAttributes(seconds: number, attributes: Attributes, fields: Partial<StoredPosition> = {}): StoredPosition {
  return storedAt(seconds, { ...fields, attributes });
}

/** A device context whose lookup answers from `settings` (device, groups and server in one). */
export function deviceContext(settings: Record<string, unknown> = {}, fields: Partial<Omit<DeviceContext, 'lookup'>> = {}): DeviceContext {
  return {
    deviceId: DEVICE_ID, groupIds: [], geofences: [], maintenances: [], computed: [], drivers: [], calendar: null,
    ...fields,
    lookup: (key) => settings[key],
  };
}
