import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A `teltonika` entry of shared/reference/protocol-vectors.json (test-only helper). */
export interface TeltonikaVector {
  transport: 'tcp' | 'udp';
  encoding: 'hex';
  message: string;
  expects: { result: 'position' | 'positions' | 'null' | 'notNull'; attribute?: { key: string; value: unknown } };
  precondition?: string;
  derived_not_asserted?: {
    serverResponseHex?: string;
    records?: number;
    firstRecord?: {
      fixTime: string;
      valid: boolean;
      latitude: number;
      longitude: number;
      altitude: number;
      course: number;
      sat: number;
      speedKnots: number;
    };
  };
}

/**
 * shared/ sits beside the repository root, locally and in CI. The OsmAnd helper keeps the path
 * private and returns only OsmAnd vectors, so it cannot be reused for another protocol.
 */
const VECTORS_FILE = fileURLToPath(new URL('../../../../../../shared/reference/protocol-vectors.json', import.meta.url));

export function loadTeltonikaVectors(): TeltonikaVector[] {
  const file = JSON.parse(readFileSync(VECTORS_FILE, 'utf8')) as { vectors: (TeltonikaVector & { protocol: string })[] };
  return file.vectors.filter((vector) => vector.protocol === 'teltonika');
}
