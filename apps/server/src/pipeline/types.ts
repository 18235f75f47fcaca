import type { NewEvent } from '../position/events.ts';
import type { StoredPosition, WorkingPosition } from '../position/types.ts';
import type { DeviceContext } from './device-context.ts';

// What a handler sees, together: the position's shapes and events live in position/.
export type { StoredPosition, WorkingPosition } from '../position/types.ts';
export { newEvent, type NewEvent } from '../position/events.ts';

/**
 * One step of position processing. Returns the position to continue with, or null to drop
 * it (a dropped position is still acknowledged to the device, as in Traccar).
 */
export type PositionHandler = (position: WorkingPosition, last: StoredPosition | null, context: DeviceContext) => WorkingPosition | null;

/** A handler, or one that may wait on I/O (geolocation asks a web service, within its own timeout). */
export type PositionStep = (
  position: WorkingPosition,
  last: StoredPosition | null,
  context: DeviceContext,
) => WorkingPosition | null | Promise<WorkingPosition | null>;

/** What an event handler sees: the stored position, the one before it, and the device's context. */
export interface EventInput {
  position: StoredPosition;
  last: StoredPosition | null;
  context: DeviceContext;
}

export type EventHandler = (input: EventInput) => NewEvent[];
