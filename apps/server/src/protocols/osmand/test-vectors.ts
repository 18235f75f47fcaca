import { loadVectors } from '../test-vectors.ts';
import type { OsmAndRequest } from './decoder.ts';

/** An `osmand` entry of protocols/vectors/traccar-decoder-tests.json (test-only helper). */
export interface OsmAndVector {
  message: string;
  expects: { result: 'position' | 'positions' | 'null' | 'notNull'; attribute?: { key: string; value: unknown } };
  httpMethod?: string;
  httpPath?: string;
  contentType?: string;
  derived_not_asserted?: {
    uniqueId?: string;
    valid?: boolean;
    latitude?: number;
    longitude?: number;
    altitude?: number;
    course?: number;
    speedKnots?: number;
    fixTime?: string;
    attributes?: Record<string, unknown>;
    httpStatus?: number;
  };
}

export function loadOsmAndVectors(): OsmAndVector[] {
  return loadVectors<OsmAndVector>('osmand');
}

export function vectorRequest(vector: OsmAndVector, receivedAt = new Date()): OsmAndRequest {
  const headers = vector.contentType ? { 'content-type': vector.contentType } : {};
  return vector.httpPath
    ? { method: vector.httpMethod ?? 'POST', url: vector.httpPath, headers, body: Buffer.from(vector.message), receivedAt }
    : { method: vector.httpMethod ?? 'GET', url: vector.message, headers, body: Buffer.alloc(0), receivedAt };
}
