import type { DecodedPosition } from '../types.ts';

/** What one decoded message yields: every message names its device. */
export interface Message {
  uniqueId: string;
  positions: DecodedPosition[];
}
