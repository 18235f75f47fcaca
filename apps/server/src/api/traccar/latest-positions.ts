import type { Position } from '@rastro/api';
import { rowToWire, storedToWire } from '../../position/mappers.ts';
import { idIn } from '../../db/id-list.ts';
import type { ApiContext } from '../context.ts';

/** Traccar's database.positionPeriod: latest positions older than this are not listed. */
const POSITION_PERIOD_MS = 7776000_000;

interface Entry {
  positionId: number;
  fixTime: number;
  position: Position;
  /** The position as the API writes it, made on first use. */
  json?: string;
}

/**
 * Latest positions, read through a cache per database: a stored position never changes, so an
 * entry stays good for as long as its device's `positionId` still names it, and a newer position
 * (stored by this node or another) simply misses and is taken from the registry's memory when this
 * node stored it, else read. Listing 10,000 devices' positions then costs one small query for the
 * ids instead of reading 10,000 wide rows, and their JSON is written once per position rather than
 * once per request.
 */
const caches = new WeakMap<object, Map<number, Entry>>();

/** How many latest positions are held for this database (GET /api/server/cache). */
export function latestPositionsHeld(ctx: ApiContext): number {
  return caches.get(ctx.db)?.size ?? 0;
}

function cacheOf(ctx: ApiContext): Map<number, Entry> {
  let cache = caches.get(ctx.db);
  if (!cache) caches.set(ctx.db, (cache = new Map<number, Entry>()));
  return cache;
}

async function latestEntries(ctx: ApiContext, deviceIds: number[], recentOnly: boolean): Promise<Entry[]> {
  if (!deviceIds.length) return [];
  const db = ctx.db.kysely;
  const cache = cacheOf(ctx);
  const wanted: { deviceId: number; positionId: number }[] = [];
  const devices = await db.selectFrom('tc_devices').select(['id', 'positionId']).where(idIn(ctx.db.dialect, 'id', deviceIds)).execute();
  for (const row of devices) {
    // The registry may know a newer position than the row (device updates are batched).
    const positionId = ctx.registry.cached(row.id)?.positionId ?? row.positionId;
    if (positionId) wanted.push({ deviceId: row.id, positionId });
  }
  const missing: number[] = [];
  for (const { deviceId, positionId } of wanted) {
    if (cache.get(deviceId)?.positionId === positionId) continue;
    const known = ctx.registry.knownLastPosition(deviceId);
    // as the row reads back: `outdated` is not stored (Traccar's REST answers false)
    if (known?.id === positionId) cache.set(deviceId, { positionId, fixTime: known.fixTime, position: { ...storedToWire(known), outdated: false } });
    else missing.push(positionId);
  }
  const rows = missing.length ? await db.selectFrom('tc_positions').selectAll().where(idIn(ctx.db.dialect, 'id', missing)).execute() : [];
  for (const row of rows) {
    const current = cache.get(row.deviceId);
    // two requests may race; the newer position wins
    if (!current || current.positionId < row.id) cache.set(row.deviceId, { positionId: row.id, fixTime: row.fixTime, position: rowToWire(row) });
  }
  const cutoff = Date.now() - POSITION_PERIOD_MS;
  const entries: Entry[] = [];
  for (const { deviceId, positionId } of wanted) {
    const entry = cache.get(deviceId);
    // a row that vanished (device deleted meanwhile) or, rarely, a newer one cached by a racing request
    if (!entry || entry.positionId < positionId) continue;
    if (!recentOnly || entry.fixTime >= cutoff) entries.push(entry);
  }
  return entries;
}

/** History of these devices was deleted (LiveMessage `positionsRemoved`): their entries may name a deleted row. */
export function forgetLatestPositions(ctx: ApiContext, deviceIds: readonly number[]): void {
  const cache = caches.get(ctx.db);
  for (const id of deviceIds) cache?.delete(id);
}

/** Latest stored position of each device (from the devices' positionId) as the API's JSON array, each position's JSON written once. */
export async function latestPositionsJson(ctx: ApiContext, deviceIds: number[], recentOnly: boolean): Promise<string> {
  const entries = await latestEntries(ctx, deviceIds, recentOnly);
  return `[${entries.map((entry) => (entry.json ??= JSON.stringify(entry.position))).join(',')}]`;
}
