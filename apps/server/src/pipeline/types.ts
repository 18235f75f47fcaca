import type { Attributes } from '@rastro/api';
import type { DeviceContext } from './device-context.ts';

/** A position moving through the pipeline: decoded fields plus what the server adds. */
export interface WorkingPosition {
  deviceId: number;
  protocol: string;
  serverTime: number;
  deviceTime: number;
  fixTime: number;
  valid: boolean;
  outdated: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  accuracy: number;
  address: string | null;
  network: Record<string, unknown> | null;
  geofenceIds: number[] | null;
  attributes: Attributes;
}

/** The latest stored position of a device, as the handlers see it. */
export interface StoredPosition extends WorkingPosition {
  id: number;
}

/**
 * One step of position processing. Returns the position to continue with, or null to drop
 * it (a dropped position is still acknowledged to the device, as in Traccar).
 */
export type PositionHandler = (position: WorkingPosition, last: StoredPosition | null, context: DeviceContext) => WorkingPosition | null;

/** An event a handler raises; the store gives it its id. */
export interface NewEvent {
  type: string;
  eventTime: number;
  deviceId: number;
  positionId: number;
  geofenceId: number;
  maintenanceId: number;
  attributes: Attributes;
}

/** What an event handler sees: the stored position, the one before it, and the device's context. */
export interface EventInput {
  position: StoredPosition;
  last: StoredPosition | null;
  context: DeviceContext;
}

export type EventHandler = (input: EventInput) => NewEvent[];

export function newEvent(type: string, position: StoredPosition, fields: Partial<Omit<NewEvent, 'type'>> = {}): NewEvent {
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
