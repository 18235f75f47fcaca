import type { Position } from '@rastro/api';
import { attrs, parseJson } from '../domain/json.ts';
import { toIso } from '../domain/time.ts';
import type { NewPositionRow, PositionRow, StoredPosition, WorkingPosition } from './types.ts';

/**
 * The position's conversions, row <-> StoredPosition <-> wire Position, in one place. The wire
 * keeps Traccar's field order; a row keeps `valid` as 0/1 and the JSON fields as text.
 */

type Fix = Pick<StoredPosition, 'latitude' | 'longitude' | 'altitude' | 'speed' | 'course' | 'address' | 'accuracy'>;

/** Where the device was and how it moved: the fields every form stores alike, in Traccar's order. */
function fix(p: Fix): Fix {
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    speed: p.speed,
    course: p.course,
    address: p.address,
    accuracy: p.accuracy,
  };
}

/** A `tc_positions` row as the server holds it (a stored position is never outdated). */
export function rowToStored(row: PositionRow): StoredPosition {
  return {
    id: row.id,
    deviceId: row.deviceId,
    protocol: row.protocol,
    serverTime: row.serverTime,
    deviceTime: row.deviceTime,
    fixTime: row.fixTime,
    valid: Boolean(row.valid),
    outdated: false,
    ...fix(row),
    network: parseJson(row.network, null),
    geofenceIds: parseJson(row.geofenceIds, null),
    attributes: attrs(row.attributes),
  };
}

/** The wire form of a position the server holds. */
export function storedToWire(p: StoredPosition): Position {
  return {
    id: p.id,
    deviceId: p.deviceId,
    protocol: p.protocol,
    serverTime: toIso(p.serverTime),
    deviceTime: toIso(p.deviceTime),
    fixTime: toIso(p.fixTime),
    outdated: p.outdated,
    valid: p.valid,
    ...fix(p),
    network: p.network,
    geofenceIds: p.geofenceIds,
    attributes: p.attributes,
  };
}

/** The wire form of a stored row. */
export const rowToWire = (row: PositionRow): Position => storedToWire(rowToStored(row));

/** The row to insert for a position leaving the pipeline. */
export function workingToRow(p: WorkingPosition): NewPositionRow {
  return {
    deviceId: p.deviceId,
    protocol: p.protocol,
    serverTime: p.serverTime,
    deviceTime: p.deviceTime,
    fixTime: p.fixTime,
    valid: p.valid ? 1 : 0,
    ...fix(p),
    network: p.network ? JSON.stringify(p.network) : null,
    geofenceIds: p.geofenceIds ? JSON.stringify(p.geofenceIds) : null,
    attributes: JSON.stringify(p.attributes),
  };
}
