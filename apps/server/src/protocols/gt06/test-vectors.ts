import { loadVectors } from '../test-vectors.ts';

/** A `gt06` entry of protocols/vectors/traccar-decoder-tests.json (test-only helper). */
export interface Gt06Vector {
  message: string;
  expects: {
    result: 'position' | 'null';
    fixTime?: string;
    valid?: boolean;
    latitude?: number;
    longitude?: number;
    attribute?: { key: string; value: unknown };
  };
  derived_not_asserted?: {
    serverResponseHex?: string;
    fixTime?: string;
    valid?: boolean;
    latitude?: number;
    longitude?: number;
    speedKnots?: number;
    course?: number;
    sat?: number;
  };
}

export function loadGt06Vectors(): Gt06Vector[] {
  return loadVectors<Gt06Vector>('gt06');
}
