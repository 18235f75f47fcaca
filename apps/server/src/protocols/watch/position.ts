import { decodedPosition } from '../../position/create.ts';
import type { DecodedPosition } from '../types.ts';

export const WATCH_PROTOCOL = 'watch';

/** A message without a fix of its own: processing copies the last known location. */
export function outdatedPosition(time: Date): DecodedPosition {
  return decodedPosition(WATCH_PROTOCOL, time, { valid: false, outdated: true });
}
