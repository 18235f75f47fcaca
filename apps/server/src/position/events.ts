import type { Attributes, EventType } from '@rastro/api';
import type { StoredPosition } from './types.ts';

/** An event raised on the server, before the store gives it its id (times in epoch milliseconds). */
export interface NewEvent {
  type: EventType;
  eventTime: number;
  deviceId: number;
  positionId: number;
  geofenceId: number;
  maintenanceId: number;
  attributes: Attributes;
}

/** An event about a stored position, at its device time (Traccar's `new Event(type, position)`). */
export function newEvent(type: EventType, position: StoredPosition, fields: Partial<Omit<NewEvent, 'type'>> = {}): NewEvent {
  return {
    type,
    eventTime: position.deviceTime,
    deviceId: position.deviceId,
    positionId: position.id,
    geofenceId: 0,
    maintenanceId: 0,
    attributes: {},
    ...fields,
  };
}

/** An event about a device with no position (status changes, inactivity: Traccar's `new Event(type, deviceId)`). */
export function deviceEvent(type: EventType, deviceId: number, eventTime: number, attributes: Attributes = {}): NewEvent {
  return { type, eventTime, deviceId, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes };
}
