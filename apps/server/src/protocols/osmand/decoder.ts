import { decodeJson } from './json.ts';
import { decodeQuery } from './query.ts';
import { DecodeError } from './values.ts';

/** One HTTP request as the OsmAnd port received it. */
export interface OsmAndRequest {
  method: string;
  /** Request target: path and query string. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  receivedAt: Date;
}

export type { OsmAndDecodeOptions, OsmAndDecodeResult, OsmAndMessage, SpeedUnit } from './message.ts';
import type { OsmAndDecodeOptions, OsmAndDecodeResult } from './message.ts';

export const DEFAULT_MIN_ACCURACY = 10;

/**
 * Decodes a Traccar Client / OsmAnd request: JSON when the content type says so, otherwise query
 * parameters, falling back to a form-encoded body when the query string is empty.
 */
export function decodeOsmAnd(request: OsmAndRequest, options: OsmAndDecodeOptions = {}): OsmAndDecodeResult {
  try {
    const contentType = headerValue(request.headers['content-type']).toLowerCase();
    const message = contentType.startsWith('application/json')
      ? decodeJson(request.body.toString('utf8'), request.receivedAt, options.minAccuracy ?? DEFAULT_MIN_ACCURACY)
      : decodeQuery(queryParams(request), request.receivedAt, options.speedUnit ?? 'kn');
    return { ok: true, message };
  } catch (error) {
    if (error instanceof DecodeError) return { ok: false, error: error.message };
    throw error;
  }
}

function queryParams(request: OsmAndRequest): URLSearchParams {
  const withoutFragment = request.url.split('#', 1)[0];
  const start = withoutFragment.indexOf('?');
  const query = new URLSearchParams(start < 0 ? '' : withoutFragment.slice(start + 1));
  return query.size > 0 ? query : new URLSearchParams(request.body.toString('utf8'));
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}
