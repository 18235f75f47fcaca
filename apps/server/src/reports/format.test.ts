import type { Position } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { exportFormatOf, localTime } from './format.ts';
import { Pace } from './pace.ts';
import { positionsCsv } from './positions-export.ts';

/** 2024-03-10 15:04:05 UTC: 12:04:05 in São Paulo and GMT-3, 20:49:05 at +05:45. */
const INSTANT = Date.UTC(2024, 2, 10, 15, 4, 5);

describe('report times (CSV and spreadsheet cells)', () => {
  it('are yyyy-MM-dd HH:mm:ss in the zone, or on a 12-hour clock with AM/PM', () => {
    expect(localTime(INSTANT, 'America/Sao_Paulo')).toBe('2024-03-10 12:04:05');
    expect(localTime(new Date(INSTANT).toISOString(), 'America/Sao_Paulo', true)).toBe('2024-03-10 12:04:05 PM');
    expect(localTime(Date.UTC(2024, 2, 10, 3), 'America/Sao_Paulo', true)).toBe('2024-03-10 12:00:00 AM');
    expect(localTime(Date.UTC(2024, 2, 10, 3), 'America/Sao_Paulo')).toBe('2024-03-10 00:00:00');
  });

  it('take Traccar\'s fixed offsets as zones too (Intl alone refuses them)', () => {
    expect(localTime(INSTANT, 'GMT-3')).toBe('2024-03-10 12:04:05');
    expect(localTime(INSTANT, 'GMT-3', true)).toBe('2024-03-10 12:04:05 PM');
    expect(localTime(INSTANT, '+05:45')).toBe('2024-03-10 20:49:05');
    expect(localTime(INSTANT, 'UTC+05:45', true)).toBe('2024-03-10 08:49:05 PM');
    // the day changes with the offset
    expect(localTime(Date.UTC(2024, 2, 10, 2, 59, 59), 'GMT-3')).toBe('2024-03-09 23:59:59');
  });

  it('follow a user whose zone is a fixed offset through a positions CSV', async () => {
    const at = new Date(INSTANT).toISOString();
    const position: Position = {
      id: 1, deviceId: 7, protocol: 'osmand', serverTime: at, deviceTime: at, fixTime: at, outdated: false, valid: true,
      latitude: -23.6, longitude: -46.7, altitude: 0, speed: 0, course: 0, address: null, accuracy: 0, network: null, geofenceIds: null, attributes: {},
    };
    for (const [timezone, time] of [['GMT-3', '2024-03-10 12:04:05 PM'], ['+05:45', '2024-03-10 08:49:05 PM']]) {
      const format = exportFormatOf({ user: { timezone, twelveHourFormat: true }, server: {}, forceSettings: false });
      expect(format.timeZone).toBe(timezone);
      const [header, row] = (await positionsCsv([position], format, new Pace())).split('\r\n');
      expect(row.split(',')[header.split(',').indexOf('fixTime')]).toBe(time);
    }
  });
});
