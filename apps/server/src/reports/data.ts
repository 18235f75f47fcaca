import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connection.ts';
import { idIn } from '../db/id-list.ts';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import { toStored } from '../live/device-registry.ts';
import type { StoredPosition } from '../pipeline/types.ts';

/** Traccar's report.maxPositions: the most positions one device contributes to a report. */
export const MAX_POSITIONS = 50000;

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

export async function positionsBetween(db: Kysely<Database>, deviceId: number, from: number, to: number): Promise<StoredPosition[]> {
  const rows = await db.selectFrom('tc_positions').selectAll()
    .where('deviceId', '=', deviceId).where('fixTime', '>=', from).where('fixTime', '<=', to)
    .orderBy('fixTime').limit(MAX_POSITIONS).execute();
  return rows.map(toStored);
}

/** First and last position of a device in a range: two index lookups, whatever the range holds. */
export async function edges(db: Kysely<Database>, deviceId: number, from: number, to: number): Promise<[StoredPosition, StoredPosition] | null> {
  const range = db.selectFrom('tc_positions').selectAll().where('deviceId', '=', deviceId).where('fixTime', '>=', from).where('fixTime', '<=', to);
  const [first, last] = await Promise.all([
    range.orderBy('fixTime', 'asc').limit(1).executeTakeFirst(),
    range.orderBy('fixTime', 'desc').limit(1).executeTakeFirst(),
  ]);
  return first && last ? [toStored(first), toStored(last)] : null;
}

export async function maxSpeed(db: Kysely<Database>, deviceId: number, from: number, to: number): Promise<number> {
  const row = await db.selectFrom('tc_positions').select((eb) => eb.fn.max('speed').as('speed'))
    .where('deviceId', '=', deviceId).where('fixTime', '>=', from).where('fixTime', '<=', to).executeTakeFirst();
  return Number(row?.speed ?? 0);
}

export async function positionsById(db: Kysely<Database>, ids: number[]): Promise<Map<number, StoredPosition>> {
  const map = new Map<number, StoredPosition>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('tc_positions').selectAll().where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const row of rows) map.set(row.id, toStored(row));
  }
  return map;
}

export async function driverNames(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('tc_drivers').select(['uniqueId', 'name']).execute();
  return new Map(rows.map((r) => [r.uniqueId, r.name]));
}
