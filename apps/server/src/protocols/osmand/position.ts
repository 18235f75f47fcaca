import type { DecodedPosition } from '../types.ts';

export const OSMAND_PROTOCOL = 'osmand';

/** A position with nothing decoded yet, timed at `time`. */
export function blankPosition(time: Date): DecodedPosition {
  return {
    protocol: OSMAND_PROTOCOL,
    deviceTime: time,
    fixTime: time,
    valid: true,
    outdated: false,
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
