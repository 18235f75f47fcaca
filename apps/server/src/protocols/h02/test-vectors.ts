import { loadVectors } from '../test-vectors.ts';

/** An `h02` entry of protocols/vectors/traccar-decoder-tests.json (test-only helper). */
export interface H02Vector {
  encoding: 'text' | 'hex';
  message: string;
  expects: {
    result: 'position' | 'null';
    fixTime?: string;
    valid?: boolean;
    latitude?: number;
    longitude?: number;
    attribute?: { key: string; value: unknown };
  };
}

export function loadH02Vectors(): H02Vector[] {
  return loadVectors<H02Vector>('h02');
}

export function vectorBytes(vector: H02Vector): Buffer {
  return vector.encoding === 'hex' ? Buffer.from(vector.message, 'hex') : Buffer.from(vector.message, 'latin1');
}
