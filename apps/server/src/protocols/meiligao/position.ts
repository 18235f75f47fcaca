import { decodedPosition } from '../../position/create.ts';
import type { DecodedPosition } from '../types.ts';

export const MEILIGAO_PROTOCOL = 'meiligao';

/** A position without a fix yet: a report's sentence turns it into one, OBD reports keep the last location. */
export function newPosition(receivedAt: Date): DecodedPosition {
  return decodedPosition(MEILIGAO_PROTOCOL, receivedAt, { valid: false, outdated: true });
}
