import { decodedPosition } from '../../position/create.ts';
import type { DecodedPosition } from '../types.ts';

export const OSMAND_PROTOCOL = 'osmand';

/** A position with nothing decoded yet, timed at `time`. */
export function blankPosition(time: Date): DecodedPosition {
  return decodedPosition(OSMAND_PROTOCOL, time, { valid: true, outdated: false });
}
