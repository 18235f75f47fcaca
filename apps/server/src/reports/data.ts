import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connection.ts';
import { idIn } from '../db/id-list.ts';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import { rowToStored } from '../position/mappers.ts';
import type { StoredPosition } from '../position/types.ts';
import type { Pace } from './pace.ts';

/** Traccar's report.maxPositions: the most positions one device contributes to a report. */
export const MAX_POSITIONS = 50000;
const DAY_MS = 86400_000;

export interface ReportDevice {
  id: number;
  name: string;
  attributes: Record<string, unknown>;
}

/** The devices of a report, by name; `ids` may be a whole fleet (an administrator's report over every device). */
export async function reportDevices(db: Kysely<Database>, dialect: DialectName, ids: number[]): Promise<ReportDevice[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('tc_devices').select(['id', 'name', 'attributes']).where(idIn(dialect, 'id', ids)).orderBy('name').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, attributes: attrs(r.attributes) }));
}

/** Rows read per query: a page costs the loop a few milliseconds even on the synchronous SQLite driver. */
const PAGE = 2000;

/**
 * A device's positions in a range, oldest first, at most MAX_POSITIONS: read a page at a time
 * (keyset on fixTime, id), stepping between pages, so neither one query nor its mapping holds the loop.
 */
export async function positionsBetween(db: Kysely<Database>, deviceId: number, from: number, to: number, pace: Pace): Promise<StoredPosition[]> {
  const out: StoredPosition[] = [];
  let after: { fixTime: number; id: number } | null = null;
  while (out.length < MAX_POSITIONS) {
    await pace.step();
    const last: { fixTime: number; id: number } | null = after;
    let q = db.selectFrom('tc_positions').selectAll()
      .where('deviceId', '=', deviceId).where('fixTime', '>=', from).where('fixTime', '<=', to);
    if (last) q = q.where((eb) => eb.or([eb('fixTime', '>', last.fixTime), eb.and([eb('fixTime', '=', last.fixTime), eb('id', '>', last.id)])]));
    const rows = await q.orderBy('fixTime').orderBy('id').limit(Math.min(PAGE, MAX_POSITIONS - out.length)).execute();
    for (const row of rows) out.push(rowToStored(row));
    if (rows.length < PAGE) break;
    const tail = out[out.length - 1];
    after = { fixTime: tail.fixTime, id: tail.id };
  }
  return out;
}

/** First and last position of a device in a range: two index lookups, whatever the range holds. */
export async function edges(db: Kysely<Database>, deviceId: number, from: number, to: number): Promise<[StoredPosition, StoredPosition] | null> {
  const range = db.selectFrom('tc_positions').selectAll().where('deviceId', '=', deviceId).where('fixTime', '>=', from).where('fixTime', '<=', to);
  const [first, last] = await Promise.all([
    range.orderBy('fixTime', 'asc').limit(1).executeTakeFirst(),
    range.orderBy('fixTime', 'desc').limit(1).executeTakeFirst(),
  ]);
  return first && last ? [rowToStored(first), rowToStored(last)] : null;
}

/** Top speed in a range; a long range is read a day at a time, stepping between days (one aggregate over months would scan them all at once). */
export async function maxSpeed(db: Kysely<Database>, deviceId: number, from: number, to: number, pace: Pace): Promise<number> {
  let top = 0;
  for (let start = from; start <= to; start += DAY_MS) {
    await pace.step();
    const row = await db.selectFrom('tc_positions').select((eb) => eb.fn.max('speed').as('speed'))
      .where('deviceId', '=', deviceId).where('fixTime', '>=', start).where('fixTime', '<=', Math.min(to, start + DAY_MS - 1)).executeTakeFirst();
    top = Math.max(top, row?.speed ?? 0);
  }
  return top;
}

/** Up to `limit` positions of `at`'s device before it (by fixTime, then id), back to `floor`, newest first. */
export async function positionsBefore(db: Kysely<Database>, at: StoredPosition, floor: number, limit: number, pace: Pace): Promise<StoredPosition[]> {
  await pace.step();
  const rows = await db.selectFrom('tc_positions').selectAll().where('deviceId', '=', at.deviceId).where('fixTime', '>=', floor)
    .where((eb) => eb.or([eb('fixTime', '<', at.fixTime), eb.and([eb('fixTime', '=', at.fixTime), eb('id', '<', at.id)])]))
    .orderBy('fixTime', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(rowToStored);
}

export async function positionsById(db: Kysely<Database>, ids: number[], pace: Pace): Promise<Map<number, StoredPosition>> {
  const map = new Map<number, StoredPosition>();
  for (let i = 0; i < ids.length; i += 500) {
    await pace.step();
    const rows = await db.selectFrom('tc_positions').selectAll().where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const row of rows) map.set(row.id, rowToStored(row));
  }
  return map;
}

export async function driverNames(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('tc_drivers').select(['uniqueId', 'name']).execute();
  return new Map(rows.map((r) => [r.uniqueId, r.name]));
}
