import type { ReportStop, ReportSummary, ReportTrip } from '@rastro/api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toIso } from '../domain/time.ts';
import { KEY, attribute } from '../position/keys.ts';
import type { StoredPosition } from '../position/types.ts';
import { edges, maxSpeed, type ReportDevice } from './data.ts';
import { hoursOf, knots, odometers, round, spentFuel } from './measures.ts';
import type { Pace } from './pace.ts';
import type { Span } from './segments.ts';

type Lookup = { lookup: (key: string) => unknown };

const ignoreOdometer = (context: Lookup) => context.lookup('report.ignoreOdometer') === true;
const fuelCapacity = (device: ReportDevice) => Number(device.attributes.fuelCapacity ?? 0) || 0;

function base(device: ReportDevice, start: StoredPosition, end: StoredPosition, context: Lookup) {
  const [startOdometer, endOdometer] = odometers(start, end, ignoreOdometer(context));
  return {
    deviceId: device.id,
    deviceName: device.name,
    distance: round(endOdometer - startOdometer),
    startOdometer,
    endOdometer,
    spentFuel: spentFuel(start, end, fuelCapacity(device)),
    startTime: toIso(start.fixTime),
    endTime: toIso(end.fixTime),
  };
}

export async function tripItem(db: Kysely<Database>, device: ReportDevice, span: Span, context: Lookup, drivers: Map<string, string>, pace: Pace): Promise<ReportTrip> {
  const common = base(device, span.start, span.end, context);
  const duration = span.end.fixTime - span.start.fixTime;
  const driver = attribute(span.start.attributes, KEY.driverUniqueId) ?? null;
  return {
    ...common,
    averageSpeed: round(knots(common.distance, duration)),
    maxSpeed: await maxSpeed(db, device.id, span.start.fixTime, span.end.fixTime, pace),
    startPositionId: span.start.id,
    endPositionId: span.end.id,
    startLat: span.start.latitude,
    startLon: span.start.longitude,
    endLat: span.end.latitude,
    endLon: span.end.longitude,
    startAddress: span.start.address,
    endAddress: span.end.address,
    duration,
    driverUniqueId: driver,
    driverName: driver ? (drivers.get(driver) ?? null) : null,
  };
}

export function stopItem(device: ReportDevice, span: Span, context: Lookup): ReportStop {
  const common = base(device, span.start, span.end, context);
  return {
    ...common,
    // a stop covers no distance (Traccar keeps the odometers, zeroes distance and speeds)
    distance: 0,
    averageSpeed: 0,
    maxSpeed: 0,
    positionId: span.start.id,
    latitude: span.start.latitude,
    longitude: span.start.longitude,
    address: span.start.address,
    duration: span.end.fixTime - span.start.fixTime,
    engineHours: hoursOf(span.end) - hoursOf(span.start),
  };
}

/** One summary row for a device over a range: its first and last positions and the top speed. */
export async function summaryItem(db: Kysely<Database>, device: ReportDevice, from: number, to: number, context: Lookup, pace: Pace): Promise<ReportSummary | null> {
  await pace.step();
  const ends = await edges(db, device.id, from, to);
  if (!ends) return null;
  const [first, last] = ends;
  const common = base(device, first, last, context);
  const startHours = hoursOf(first);
  const endHours = hoursOf(last);
  const engineHours = endHours - startHours;
  return {
    ...common,
    maxSpeed: await maxSpeed(db, device.id, from, to, pace),
    // Traccar's summary: the average over the engine's running time
    averageSpeed: round(knots(common.distance, engineHours)),
    startHours,
    endHours,
    engineHours,
  };
}
