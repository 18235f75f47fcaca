import type { Position } from '@rastro/api';

/**
 * The shapes of a position from decoder to table. One field list, the wire `Position` of
 * `@rastro/api` (Traccar's); every shape here is derived from it, so a field added there reaches
 * the decoders, the pipeline, the row and the mappers' type checks at once.
 */

type TimeField = 'serverTime' | 'deviceTime' | 'fixTime';

/** `T` with its times as `Time`: ISO strings on the wire, epoch milliseconds in the server, dates from decoders. */
type Timed<T, Time> = { [K in keyof T]: K extends TimeField ? Time : T[K] };

/** A stored position as the server holds it: the wire fields, times in epoch milliseconds. */
export type StoredPosition = Timed<Position, number>;

/** A position going through the pipeline: everything but the id the store gives it. */
export type WorkingPosition = Omit<StoredPosition, 'id'>;

/** What only the server knows: which device, when received, the stored id, the address and the geofences. */
type ServerField = 'id' | 'deviceId' | 'serverTime' | 'address' | 'geofenceIds';

/** What a protocol decoder extracts from one device message, times as dates (deviceTime defaults to the receive time). */
export type DecodedPosition = Timed<Omit<Position, ServerField>, Date>;

/**
 * A `tc_positions` row (db/schema.ts's storage rules): `valid` as 0/1, network, geofenceIds and
 * attributes as JSON text; `outdated` is not stored (Traccar's @QueryIgnore), a read row is never outdated.
 */
export type PositionRow = {
  [K in Exclude<keyof StoredPosition, 'outdated'>]: K extends 'valid'
    ? number
    : K extends 'attributes'
      ? string
      : K extends 'network' | 'geofenceIds'
        ? string | null
        : StoredPosition[K];
};

/** A row to insert: the database gives the id. */
export type NewPositionRow = Omit<PositionRow, 'id'>;
