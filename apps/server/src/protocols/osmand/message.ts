// The decoder's result types, apart so that the query and JSON parsers need not import the decoder.
import type { DecodedPosition } from '../types.ts';

export interface OsmAndMessage {
  uniqueId: string;
  /** Null when the request only registers a push notification token. */
  position: DecodedPosition | null;
  notificationToken?: string;
  format: 'query' | 'json';
}

export type OsmAndDecodeResult = { ok: true; message: OsmAndMessage } | { ok: false; error: string };

export type SpeedUnit = 'kn' | 'kmh' | 'mps' | 'mph';

export interface OsmAndDecodeOptions {
  /** JSON `coords.accuracy` below this is stored as 0 (Traccar `osmand.minAccuracy`, default 10 m). */
  minAccuracy?: number;
  /** Unit of the query `speed` param (Traccar `osmand.speed`, default knots). */
  speedUnit?: SpeedUnit;
}
