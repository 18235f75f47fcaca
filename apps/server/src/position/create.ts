import type { DecodedPosition, WorkingPosition } from './types.ts';

/**
 * A position of `protocol` timed at `time` with nothing decoded yet. Protocols start from it and
 * say whether a message without coordinates is a fix (`valid`) or reuses the last one (`outdated`).
 */
export function decodedPosition(protocol: string, time: Date, state: { valid: boolean; outdated: boolean }): DecodedPosition {
  return {
    protocol,
    deviceTime: time,
    fixTime: time,
    ...state,
    latitude: 0,
    longitude: 0,
    altitude: 0,
    speed: 0,
    course: 0,
    accuracy: 0,
    network: null,
    attributes: {},
  };
}

/** A decoded position entering the pipeline: its device, the server's receive time, times in milliseconds. */
export function toWorking(decoded: DecodedPosition, deviceId: number, serverTime: number): WorkingPosition {
  return {
    ...decoded,
    deviceId,
    serverTime,
    deviceTime: decoded.deviceTime.getTime(),
    fixTime: decoded.fixTime.getTime(),
    address: null,
    geofenceIds: null,
  };
}
