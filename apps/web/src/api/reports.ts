import type { Event, Position, ReportCombined, ReportGeofence, ReportStop, ReportSummary, ReportTrip, ScheduledReport } from '@rastro/api';
import { entityApi } from './entities.ts';
import { request, requestJson, type Query } from './http.ts';
import { getPositionsByIds } from './positions.ts';

/** Spec §7: report calls may take up to 60 s (the other calls 30 s). */
export const REPORT_TIMEOUT_MS = 60_000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ReportKind = 'summary' | 'trips' | 'stops' | 'events' | 'route' | 'geofences' | 'combined';

/** Reports the server also gives as a spreadsheet: all but the combined one (as Traccar). */
export const hasSpreadsheet = (kind: ReportKind): boolean => kind !== 'combined';

/** What every report asks for; neither devices nor groups would mean the whole fleet. */
export interface ReportParams {
  deviceIds: readonly number[];
  groupIds: readonly number[];
  /** ISO 8601 instants with zone. */
  from: string;
  to: string;
  /** Summary only: one row per day in the user's time zone. */
  daily?: boolean;
  /** Events only: notification types (none = all) and alarm kinds (none = all). */
  types?: readonly string[];
  alarms?: readonly string[];
  /** Geofences only: the geofences whose stays to list. */
  geofenceIds?: readonly number[];
}

/** Route and event rows carry the device name beside the wire object; events also their position's place. */
export type RoutePosition = Position & { deviceName?: string };
export type ReportEvent = Event & { deviceName?: string; latitude?: number; longitude?: number; address?: string | null };

export interface ReportRows {
  summary: ReportSummary;
  trips: ReportTrip;
  stops: ReportStop;
  events: ReportEvent;
  route: RoutePosition;
  geofences: ReportGeofence;
  combined: ReportCombined;
}

/** The query string of a report: `deviceId` and `groupId` repeated, `type` and `alarm` repeated. */
export function reportQuery(kind: ReportKind, params: ReportParams): Query {
  const query: Query = { deviceId: params.deviceIds, groupId: params.groupIds, from: params.from, to: params.to };
  if (kind === 'summary') query.daily = params.daily ?? false;
  if (kind === 'events') {
    query.type = params.types?.length ? params.types : undefined;
    query.alarm = params.alarms?.length ? params.alarms : undefined;
  }
  if (kind === 'geofences') query.geofenceId = params.geofenceIds ?? [];
  return query;
}

export function getReport<K extends ReportKind>(kind: K, params: ReportParams, signal?: AbortSignal): Promise<ReportRows[K][]> {
  return requestJson<ReportRows[K][]>(`/reports/${kind}`, {
    query: reportQuery(kind, params),
    timeoutMs: REPORT_TIMEOUT_MS,
    signal,
  });
}

/** The same report as a spreadsheet: the same URL asked with the spreadsheet media type (as Traccar's web app does). */
export async function getReportSpreadsheet(kind: ReportKind, params: ReportParams, signal?: AbortSignal): Promise<Blob> {
  const response = await request(`/reports/${kind}`, {
    query: reportQuery(kind, params),
    accept: XLSX_TYPE,
    timeoutMs: REPORT_TIMEOUT_MS,
    signal,
  });
  return response.blob();
}

/** The position an event was raised at (events carry only its id). */
export async function getPosition(positionId: number, signal?: AbortSignal): Promise<Position | null> {
  const [position] = await getPositionsByIds([positionId], signal);
  return position ?? null;
}

/**
 * Scheduled reports (`/api/reports`): run on their calendar and mailed as spreadsheets by the
 * server. Cached under a key of their own: `reports` prefixes the report runs' keys.
 */
export const scheduledReportsApi = { ...entityApi<ScheduledReport>('/reports'), key: 'scheduled-reports' };
