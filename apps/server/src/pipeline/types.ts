import type { Attributes } from '@rastro/api';

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
export type PositionHandler = (position: WorkingPosition, last: StoredPosition | null) => WorkingPosition | null;
