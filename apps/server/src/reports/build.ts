import type { Event, Position, ReportCombined, ReportGeofence } from '@rastro/api';
import type { Kysely } from 'kysely';
import type { Db, DialectName } from '../db/connection.ts';
import { idIn } from '../db/id-list.ts';
import { toEvent } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { DeviceContexts } from '../pipeline/device-context.ts';
import { asText } from '../domain/json.ts';
import { storedToWire } from '../position/mappers.ts';
import { KEY } from '../position/keys.ts';
import { driverNames, positionsBetween, type ReportDevice } from './data.ts';
import { dailyRanges } from './days.ts';
import { stopItem, summaryItem, tripItem } from './items.ts';
import type { Pace } from './pace.ts';
import { segments } from './segments.ts';

/**
 * The reports themselves, apart from who asks: the API runs them for a request (api/traccar/
 * reports.ts checks the caller, his devices and the period), the scheduler for the users a
 * scheduled report is mailed to. Each gives Traccar's items for the devices over [from, to].
 */
export type ReportKind = 'route' | 'events' | 'trips' | 'stops' | 'summary' | 'geofences' | 'combined';

type Lookup = { lookup: (key: string) => unknown };

export interface ReportSource {
  db: Kysely<Database>;
  dialect: DialectName;
  /** A device's settings, looked up device → groups → server (report.trip.*, report.ignoreOdometer). */
  lookup: (deviceId: number) => Promise<Lookup>;
}

/** Reports over a database, with each device's settings from the pipeline's context cache. */
export function reportSource(db: Db, contexts: Pick<DeviceContexts, 'get'>): ReportSource {
  return {
    db: db.kysely,
    dialect: db.dialect,
    lookup: async (deviceId) => {
      const context = await contexts.get(deviceId);
      return { lookup: (key: string) => context?.lookup(key) };
    },
  };
}

export interface ReportQuery {
  devices: ReportDevice[];
  from: number;
  to: number;
  /** Events: the types to keep (none = all) and, of alarms, the kinds (none = all). */
  types?: string[];
  alarms?: string[];
  /** Summary: one item per day of `timeZone`. */
  daily?: boolean;
  timeZone: string;
  /** Geofences: the ones asked for (none = no item, as in Traccar). */
  geofenceIds?: number[];
}

const EVENTS_PAGE = 5000;

/** A devices' events in a range, oldest first, read a page at a time (keyset on eventTime, id), stepping between pages. */
async function eventsOf(source: ReportSource, deviceIds: number[], from: number, to: number, types: string[], pace: Pace): Promise<Event[]> {
  const events: Event[] = [];
  if (!deviceIds.length) return events;
  for (let after: { eventTime: number; id: number } | null = null; ;) {
    await pace.step();
    const last: { eventTime: number; id: number } | null = after;
    let q = source.db.selectFrom('tc_events').selectAll()
      .where(idIn(source.dialect, 'deviceId', deviceIds)).where('eventTime', '>=', from).where('eventTime', '<=', to);
    if (types.length) q = q.where('type', 'in', types);
    if (last) q = q.where((eb) => eb.or([eb('eventTime', '>', last.eventTime), eb.and([eb('eventTime', '=', last.eventTime), eb('id', '>', last.id)])]));
    const rows = await q.orderBy('eventTime').orderBy('id').limit(EVENTS_PAGE).execute();
    for (const row of rows) events.push(toEvent(row));
    if (rows.length < EVENTS_PAGE) break;
    after = rows[rows.length - 1]!;
  }
  return events;
}

async function route(source: ReportSource, query: ReportQuery, pace: Pace) {
  const out: (Position & { deviceName: string })[] = [];
  for (const device of query.devices) {
    for (const p of await positionsBetween(source.db, device.id, query.from, query.to, pace)) {
      await pace.step();
      out.push({ ...storedToWire(p), deviceName: device.name });
    }
  }
  return out;
}

async function events(source: ReportSource, query: ReportQuery, pace: Pace) {
  const names = new Map(query.devices.map((d) => [d.id, d.name]));
  const types = (query.types ?? []).filter((t) => t !== 'allEvents');
  const alarms = query.alarms ?? [];
  const found = await eventsOf(source, [...names.keys()], query.from, query.to, types, pace);
  const kept = alarms.length ? found.filter((e) => e.type !== 'alarm' || alarms.includes(asText(e.attributes[KEY.alarm]))) : found;
  return kept.map((e) => ({ ...e, deviceName: names.get(e.deviceId) ?? '' }));
}

async function trips(source: ReportSource, query: ReportQuery, pace: Pace) {
  const drivers = await driverNames(source.db);
  const out = [];
  for (const device of query.devices) {
    const context = await source.lookup(device.id);
    for (const span of (await segments(source.db, device.id, query.from, query.to, context, pace)).trips) out.push(await tripItem(source.db, device, span, context, drivers, pace));
  }
  return out;
}

async function stops(source: ReportSource, query: ReportQuery, pace: Pace) {
  const out = [];
  for (const device of query.devices) {
    const context = await source.lookup(device.id);
    for (const span of (await segments(source.db, device.id, query.from, query.to, context, pace)).stops) {
      await pace.step();
      out.push(stopItem(device, span, context));
    }
  }
  return out;
}

async function summary(source: ReportSource, query: ReportQuery, pace: Pace) {
  const out = [];
  for (const device of query.devices) {
    const context = await source.lookup(device.id);
    for (const [start, end] of query.daily ? dailyRanges(query.from, query.to, query.timeZone) : [[query.from, query.to] as [number, number]]) {
      const item = await summaryItem(source.db, device, start, end, context, pace);
      if (item) out.push(item);
    }
  }
  return out;
}

/**
 * Traccar's GeofenceReportProvider: per device, each geofenceEnter paired with the next
 * geofenceExit of the same geofence (an exit before its enter, or a stay still open at either end
 * of the range, makes no item); only the geofences asked for; oldest stay first.
 */
async function geofences(source: ReportSource, query: ReportQuery, pace: Pace): Promise<ReportGeofence[]> {
  const wanted = new Set(query.geofenceIds ?? []);
  const out: ReportGeofence[] = [];
  if (!wanted.size) return out;
  for (const device of query.devices) {
    const open = new Map<number, Event>();
    for (const event of await eventsOf(source, [device.id], query.from, query.to, ['geofenceEnter', 'geofenceExit'], pace)) {
      const geofenceId = event.geofenceId;
      if (!wanted.has(geofenceId)) continue;
      if (event.type === 'geofenceEnter') {
        open.set(geofenceId, event);
        continue;
      }
      const enter = open.get(geofenceId);
      open.delete(geofenceId);
      if (!enter || Date.parse(event.eventTime) < Date.parse(enter.eventTime)) continue;
      out.push({
        deviceId: device.id, deviceName: device.name, geofenceId,
        distance: 0, averageSpeed: 0, maxSpeed: 0, spentFuel: 0, startOdometer: 0, endOdometer: 0,
        startTime: enter.eventTime, endTime: event.eventTime, duration: Date.parse(event.eventTime) - Date.parse(enter.eventTime),
      });
    }
  }
  // stable: stays starting together keep their device order
  return out.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/**
 * Traccar's CombinedReportProvider: per device, its route as [longitude, latitude] pairs, its events
 * with a position (deviceMoving left out: the route shows the moving) and the positions those
 * events were raised at.
 */
async function combined(source: ReportSource, query: ReportQuery, pace: Pace): Promise<ReportCombined[]> {
  const out: ReportCombined[] = [];
  for (const device of query.devices) {
    const all = await eventsOf(source, [device.id], query.from, query.to, [], pace);
    const wanted = new Set(all.map((e) => e.positionId).filter((id) => id > 0));
    const routeOf: [number, number][] = [];
    const positions: Position[] = [];
    for (const p of await positionsBetween(source.db, device.id, query.from, query.to, pace)) {
      await pace.step();
      routeOf.push([p.longitude, p.latitude]);
      if (wanted.has(p.id)) positions.push(storedToWire(p));
    }
    out.push({
      deviceId: device.id,
      route: routeOf,
      events: all.filter((e) => e.positionId > 0 && e.type !== 'deviceMoving'),
      positions,
    });
  }
  return out;
}

const BUILDERS: Record<ReportKind, (source: ReportSource, query: ReportQuery, pace: Pace) => Promise<object[]>> = {
  route, events, trips, stops, summary, geofences, combined,
};

/** The items of a report, as its JSON answer holds them. */
export function buildReport(source: ReportSource, kind: ReportKind, query: ReportQuery, pace: Pace): Promise<object[]> {
  return BUILDERS[kind](source, query, pace);
}

/** Items as a spreadsheet shows them: geofence stays with their geofence's name (the JSON item has only its id, as Traccar's). */
export async function spreadsheetItems(db: Kysely<Database>, kind: ReportKind, items: object[]): Promise<object[]> {
  if (kind !== 'geofences') return items;
  const stays = items as ReportGeofence[];
  const ids = [...new Set(stays.map((s) => s.geofenceId))];
  const rows = ids.length ? await db.selectFrom('tc_geofences').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return stays.map((s) => ({ ...s, geofenceName: names.get(s.geofenceId) }));
}
