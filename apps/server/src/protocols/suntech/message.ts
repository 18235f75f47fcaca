import type { DecodedPosition } from '../types.ts';

/** What one Suntech report yields: every report names its device. */
export interface SuntechMessage {
  uniqueId: string;
  positions: DecodedPosition[];
}
