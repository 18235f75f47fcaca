import { ALARM_KINDS, EVENT_TYPES } from '../events/eventKinds.ts';
import { isPeriodPreset, type Period } from './period.ts';

/**
 * A report's filter, kept in the URL so a report can be linked:
 * `?deviceId=3&deviceId=7&groupId=2&period=last7` or `…&from=<ISO>&to=<ISO>`, plus `type`, `alarm`
 * (events), `daily=true` (summary) and `geofenceId` (geofences).
 */
export interface ReportFilter {
  deviceIds: number[];
  groupIds: number[];
  period: Period;
  types: string[];
  alarms: string[];
  daily: boolean;
  geofenceIds: number[];
}

const SHARED_KEYS = ['deviceId', 'groupId', 'period', 'from', 'to'] as const;
const FILTER_KEYS = [...SHARED_KEYS, 'type', 'alarm', 'daily', 'geofenceId'];
export const DEFAULT_PERIOD: Period = { preset: 'today' };

function ids(values: string[]): number[] {
  const valid = values.filter((value) => /^[1-9]\d*$/.test(value)).map(Number);
  return [...new Set(valid)];
}

function known(values: string[], allowed: readonly string[]): string[] {
  return [...new Set(values.filter((value) => allowed.includes(value)))];
}

function parsePeriod(search: URLSearchParams): Period {
  const preset = search.get('period');
  if (isPeriodPreset(preset)) return { preset };
  const from = Date.parse(search.get('from') ?? '');
  const to = Date.parse(search.get('to') ?? '');
  return Number.isFinite(from) && Number.isFinite(to) && from < to ? { from, to } : DEFAULT_PERIOD;
}

/** Unknown or malformed values are dropped, so a hand-edited link still opens a sane filter. */
export function parseFilter(search: URLSearchParams): ReportFilter {
  return {
    deviceIds: ids(search.getAll('deviceId')),
    groupIds: ids(search.getAll('groupId')),
    period: parsePeriod(search),
    types: known(search.getAll('type'), EVENT_TYPES),
    alarms: known(search.getAll('alarm'), ALARM_KINDS),
    daily: search.get('daily') === 'true',
    geofenceIds: ids(search.getAll('geofenceId')),
  };
}

/** `search` with the filter written over its filter keys; other keys (a chart's attribute, …) stay. */
export function writeFilter(filter: ReportFilter, search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams([...search].filter(([key]) => !FILTER_KEYS.includes(key)));
  filter.deviceIds.forEach((id) => next.append('deviceId', String(id)));
  filter.groupIds.forEach((id) => next.append('groupId', String(id)));
  if ('preset' in filter.period) {
    next.set('period', filter.period.preset);
  } else {
    next.set('from', new Date(filter.period.from).toISOString());
    next.set('to', new Date(filter.period.to).toISOString());
  }
  filter.types.forEach((type) => next.append('type', type));
  filter.alarms.forEach((alarm) => next.append('alarm', alarm));
  if (filter.daily) next.set('daily', 'true');
  filter.geofenceIds.forEach((id) => next.append('geofenceId', String(id)));
  return next;
}

/** The devices, groups and period, carried from one report to another. */
export function sharedSearch(search: URLSearchParams): string {
  const shared = new URLSearchParams([...search].filter(([key]) => (SHARED_KEYS as readonly string[]).includes(key)));
  const text = shared.toString();
  return text ? `?${text}` : '';
}

/** What a report needs before it runs: one device (route, playback, chart) or at least a device or a group. */
export type Scope = 'one-device' | 'devices-or-groups';

/** A one-device report keeps the first device of a filter carried from a report of several. */
export function scopedFilter(filter: ReportFilter, scope: Scope): ReportFilter {
  return scope === 'one-device' ? { ...filter, deviceIds: filter.deviceIds.slice(0, 1), groupIds: [] } : filter;
}

export function isComplete(filter: ReportFilter, scope: Scope): boolean {
  return scope === 'one-device' ? filter.deviceIds.length === 1 : filter.deviceIds.length + filter.groupIds.length > 0;
}
