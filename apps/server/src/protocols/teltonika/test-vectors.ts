import { loadVectors } from '../test-vectors.ts';

/** A `teltonika` entry of protocols/vectors/traccar-decoder-tests.json (test-only helper). */
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

export function loadTeltonikaVectors(): TeltonikaVector[] {
  return loadVectors<TeltonikaVector>('teltonika');
}
