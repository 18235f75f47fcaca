import { parseArea } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { parseCalendar } from '../../domain/calendar.ts';
import type { GeofenceInfo } from '../device-context.ts';
import { deviceContext, storedAt } from '../testing/positions.ts';
import { geofences } from './simple.ts';

const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:1', ...lines, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
/** 08:00 to 18:00 UTC every day from 2024-05-01. */
const WORKING_HOURS = parseCalendar(ics('DTSTART:20240501T080000Z', 'DTEND:20240501T180000Z', 'RRULE:FREQ=DAILY'));
const NOON = Date.parse('2024-05-06T12:00:00Z') / 1000;
const NIGHT = Date.parse('2024-05-06T22:00:00Z') / 1000;

const fence = (id: number, calendar: GeofenceInfo['calendar'] = null): GeofenceInfo => ({ id, area: parseArea('CIRCLE (-23.55 -46.63, 500)'), attributes: {}, calendar });
const context = deviceContext({}, { geofences: [fence(1), fence(2), fence(3), fence(4, WORKING_HOURS)] });
const inside = (seconds: number, ids: number[] | null) => storedAt(seconds, { geofenceIds: ids });
const changes = (position: ReturnType<typeof storedAt>, last: ReturnType<typeof storedAt> | null) =>
  geofences({ position, last, context }).map((e) => [e.type, e.geofenceId]);

describe('geofence enter and exit events (Traccar GeofenceEventHandler)', () => {
  it('raises geofenceEnter for each geofence the position is newly in, with its id and the device time', () => {
    const position = storedAt(100, { geofenceIds: [1, 2], deviceTime: 96_000, id: 11 });
    expect(geofences({ position, last: inside(90, null), context })).toEqual([
      { type: 'geofenceEnter', eventTime: 96_000, deviceId: 1, positionId: 11, geofenceId: 1, maintenanceId: 0, attributes: {} },
      { type: 'geofenceEnter', eventTime: 96_000, deviceId: 1, positionId: 11, geofenceId: 2, maintenanceId: 0, attributes: {} },
    ]);
  });

  it('raises geofenceExit for each geofence left, exits before entries', () => {
    expect(changes(inside(100, [2, 3]), inside(90, [1, 2]))).toEqual([['geofenceExit', 1], ['geofenceEnter', 3]]);
    expect(changes(inside(100, null), inside(90, [1, 2]))).toEqual([['geofenceExit', 1], ['geofenceExit', 2]]);
    expect(changes(inside(100, []), inside(90, [3]))).toEqual([['geofenceExit', 3]]);
  });

  it('the first position enters every geofence it is in', () => {
    expect(changes(inside(100, [3]), null)).toEqual([['geofenceEnter', 3]]);
  });

  it('raises nothing while the geofences stay the same', () => {
    expect(changes(inside(100, [1, 2]), inside(90, [2, 1]))).toEqual([]);
    expect(changes(inside(100, null), inside(90, null))).toEqual([]);
    expect(changes(inside(100, null), null)).toEqual([]);
  });

  it('raises nothing for a geofence the device no longer has (deleted or unlinked while inside)', () => {
    const none = deviceContext({}, { geofences: [] });
    expect(geofences({ position: inside(100, null), last: inside(90, [5]), context: none })).toEqual([]);
    expect(geofences({ position: inside(100, [5]), last: inside(90, null), context: none })).toEqual([]);
    // the known ones still raise beside an unknown one
    expect(changes(inside(100, [5, 2]), inside(90, [1, 9]))).toEqual([['geofenceExit', 1], ['geofenceEnter', 2]]);
  });

  it('a geofence with a calendar raises only while its calendar contains the fix time', () => {
    expect(changes(inside(NOON, [4]), inside(NOON - 60, null))).toEqual([['geofenceEnter', 4]]);
    expect(changes(inside(NIGHT, [4]), inside(NIGHT - 60, null))).toEqual([]);
    expect(changes(inside(NOON, null), inside(NOON - 60, [4]))).toEqual([['geofenceExit', 4]]);
    expect(changes(inside(NIGHT, null), inside(NIGHT - 60, [4]))).toEqual([]);
    // the fix time decides, not the device time
    expect(geofences({ position: storedAt(NOON, { geofenceIds: [4], deviceTime: NIGHT * 1000 }), last: null, context }).map((e) => e.type)).toEqual(['geofenceEnter']);
  });
});
