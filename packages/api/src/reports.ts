import type { Event, IsoTime, Position } from './models.ts';

/**
 * Report items, as Traccar returns them: distance in metres, speed in knots,
 * durations and engine hours in milliseconds.
 */
export interface ReportItem {
  deviceId: number;
  deviceName: string;
  distance: number;
  averageSpeed: number;
  maxSpeed: number;
  spentFuel: number;
  startOdometer: number;
  endOdometer: number;
  startTime: IsoTime;
  endTime: IsoTime;
}

export interface ReportSummary extends ReportItem {
  startHours: number;
  endHours: number;
  engineHours: number;
}

export interface ReportTrip extends ReportItem {
  startPositionId: number;
  endPositionId: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  startAddress: string | null;
  endAddress: string | null;
  duration: number;
  driverUniqueId: string | null;
  driverName: string | null;
}

export interface ReportStop extends ReportItem {
  positionId: number;
  latitude: number;
  longitude: number;
  address: string | null;
  duration: number;
  engineHours: number;
}

/**
 * One stay of a device in a geofence (`GET /api/reports/geofences`): Traccar's GeofenceReportItem,
 * an enter and the next exit of the same geofence; the distance, speed, fuel and odometer fields of
 * the base item stay 0 there. `duration` (ms) is ours.
 */
export interface ReportGeofence extends ReportItem {
  geofenceId: number;
  duration: number;
}

/** One device of `GET /api/reports/combined` (Traccar's CombinedReportItem). */
export interface ReportCombined {
  deviceId: number;
  /** The route as `[longitude, latitude]` pairs. */
  route: [number, number][];
  /** Its events with a position, deviceMoving left out, oldest first. */
  events: Event[];
  /** The positions those events were raised at. */
  positions: Position[];
}

/** Report types a scheduled report may have: those with a spreadsheet. */
export const SCHEDULED_REPORT_TYPES = ['route', 'events', 'trips', 'stops', 'summary', 'geofences'] as const;
export type ScheduledReportType = (typeof SCHEDULED_REPORT_TYPES)[number];

/**
 * What period a scheduled report covers (its `attributes.period`): the calendar's occurrence that
 * just ended (Traccar's rule, the default), or one of the report filter's presets as it stands when
 * the report runs, in the time zone of the user it is mailed to.
 */
export const SCHEDULED_REPORT_PERIODS = ['calendar', 'today', 'yesterday', 'last7', 'last30'] as const;
export type ScheduledReportPeriod = (typeof SCHEDULED_REPORT_PERIODS)[number];

/**
 * A scheduled report (`/api/reports`, Traccar's Report): its devices and groups are linked to it
 * through `/api/permissions` (`deviceId`/`groupId` + `reportId`; none = every device its user
 * sees), and it is mailed to the users linked to it. The rest is ours and read-only: `lastRun`, the
 * end of the last period reported (or when it was made), `nextRun` (null: its calendar has no
 * later occurrence), and the ids of the devices and groups linked to it.
 */
export interface ScheduledReport {
  id: number;
  type: string;
  description: string | null;
  calendarId: number;
  attributes: Record<string, unknown>;
  lastRun?: IsoTime | null;
  nextRun?: IsoTime | null;
  deviceIds?: number[];
  groupIds?: number[];
}
