import type { DistanceUnit } from '@rastro/api';
import type { Db } from '../db/connection.ts';
import { idIn } from '../db/id-list.ts';
import type { Geocoder, Language } from '../pipeline/geocoding/geocoder.ts';
import type { Pace } from './pace.ts';

/** Where a report row keeps a place: its coordinates and its address (trips have two, stops, route and events one). */
const SLOTS = [
  { latitude: 'startLat', longitude: 'startLon', address: 'startAddress' },
  { latitude: 'endLat', longitude: 'endLon', address: 'endAddress' },
  { latitude: 'latitude', longitude: 'longitude', address: 'address' },
] as const;

/** Provider requests of one report at once. */
const PARALLEL = 4;
/** Positions read per query when events are placed. */
const CHUNK = 1000;

export interface AddressFill {
  geocoder: Geocoder;
  language: Language;
  unit: DistanceUnit;
  /**
   * New (uncached) provider requests this report may make: RASTRO_GEOCODER_REPORT_LIMIT, 0 with no
   * provider or with RASTRO_GEOCODER_ON_REQUEST=0. Addresses already in the cache cost nothing.
   */
  limit: number;
  /**
   * Every row gets an address: the nearest place's where the provider gives none (a spreadsheet,
   * which cannot ask later). Otherwise rows without one are left for the web app to ask on display.
   */
  everyRow: boolean;
}

type Row = Record<string, unknown>;
interface Slot {
  row: Row;
  address: string;
}

const missing = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Events carry only their position's id: each gets its position's coordinates and stored
 * address (`latitude`, `longitude`, `address`, beside Traccar's fields), so it can be placed.
 */
async function placeEvents(rows: Row[], db: Db, pace: Pace): Promise<void> {
  const ids = [...new Set(rows.map((row) => row.positionId).filter((id): id is number => typeof id === 'number' && id > 0))];
  const positions = new Map<number, { latitude: number; longitude: number; address: string | null }>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    await pace.step();
    const found = await db.kysely.selectFrom('tc_positions').select(['id', 'latitude', 'longitude', 'address'])
      .where(idIn(db.dialect, 'id', ids.slice(i, i + CHUNK))).execute();
    for (const { id, ...place } of found) positions.set(id, place);
  }
  for (const row of rows) {
    const place = typeof row.positionId === 'number' ? positions.get(row.positionId) : undefined;
    if (place) Object.assign(row, place);
  }
}

/**
 * Report rows' addresses (Traccar's `geocoder.onRequest`), bounded: a point within ~11 m of one
 * already asked is answered from the geocoder's cache, and at most `limit` new points are asked
 * of the provider (within its daily budget; after a failure it rests, and the rest go at once).
 * Stored addresses are kept. What is left stays empty for the web app to ask when the row is
 * shown, or — `everyRow` — takes the nearest place's.
 */
export async function fillAddresses(kind: string, items: readonly object[], fill: AddressFill, db: Db, pace: Pace): Promise<void> {
  const rows = items as Row[];
  if (kind === 'events') await placeEvents(rows, db, pace);
  const { geocoder, language } = fill;
  const points = new Map<string, { latitude: number; longitude: number; slots: Slot[] }>();
  for (const row of rows) {
    await pace.step();
    for (const slot of SLOTS) {
      const latitude = row[slot.latitude];
      const longitude = row[slot.longitude];
      if (typeof latitude !== 'number' || typeof longitude !== 'number' || !(slot.address in row) || !missing(row[slot.address])) continue;
      const key = `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
      const point = points.get(key) ?? { latitude, longitude, slots: [] };
      point.slots.push({ row, address: slot.address });
      points.set(key, point);
    }
  }
  const ask: { latitude: number; longitude: number; slots: Slot[] }[] = [];
  for (const point of points.values()) {
    const known = geocoder.cached(point.latitude, point.longitude, language);
    if (known) for (const slot of point.slots) slot.row[slot.address] = known;
    else if (known === undefined && geocoder.online && ask.length < fill.limit) ask.push(point);
  }
  let next = 0;
  const worker = async () => {
    while (next < ask.length) {
      const point = ask[next++];
      await pace.step();
      const text = await geocoder.lookup(point.latitude, point.longitude, language);
      if (text) for (const slot of point.slots) slot.row[slot.address] = text;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, ask.length) }, worker));
  if (!fill.everyRow) return;
  for (const point of points.values()) {
    await pace.step();
    let text: string | null = null;
    for (const slot of point.slots) {
      if (!missing(slot.row[slot.address])) continue;
      text ??= geocoder.nearPlace(point.latitude, point.longitude, language, fill.unit);
      slot.row[slot.address] = text;
    }
  }
}
