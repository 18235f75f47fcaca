import { decodedPosition } from '../../position/create.ts';
import type { DecodedPosition } from '../types.ts';

export const GT06_PROTOCOL = 'gt06';

/**
 * A position timed at `time` with nothing decoded yet. It starts as a message without a fix
 * (`outdated`, processing copies the last known location); the GPS block turns it into a fix.
 */
export function newPosition(time: Date): DecodedPosition {
  return decodedPosition(GT06_PROTOCOL, time, { valid: false, outdated: true });
}

