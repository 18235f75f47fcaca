import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OsmAndRequest } from './decoder.ts';

/** An `osmand` entry of shared/reference/protocol-vectors.json (test-only helper). */
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

/** shared/ sits beside the repository root, locally and in CI. */
const VECTORS_FILE = fileURLToPath(new URL('../../../../../../shared/reference/protocol-vectors.json', import.meta.url));

export function loadOsmAndVectors(): OsmAndVector[] {
  const file = JSON.parse(readFileSync(VECTORS_FILE, 'utf8')) as { vectors: (OsmAndVector & { protocol: string })[] };
  return file.vectors.filter((vector) => vector.protocol === 'osmand');
}

export function vectorRequest(vector: OsmAndVector, receivedAt = new Date()): OsmAndRequest {
  const headers = vector.contentType ? { 'content-type': vector.contentType } : {};
  return vector.httpPath
    ? { method: vector.httpMethod ?? 'POST', url: vector.httpPath, headers, body: Buffer.from(vector.message), receivedAt }
    : { method: vector.httpMethod ?? 'GET', url: vector.message, headers, body: Buffer.alloc(0), receivedAt };
}
