import { describe, expect, it } from 'vitest';
import { formatWallClock, fromWallClock, offsetMinutes, standardOffsetMinutes, startOfDay, validTimeZone, wallClockParts } from './timezone.ts';

describe('time zones', () => {
  it('takes IANA names and the fixed offsets Traccar settings spell as Java does', () => {
    const january = Date.UTC(2024, 0, 15, 12);
    expect(offsetMinutes(january, 'America/Sao_Paulo')).toBe(-180);
    expect(offsetMinutes(january, 'GMT+8')).toBe(480);
    expect(offsetMinutes(january, 'GMT-03:30')).toBe(-210);
    expect(offsetMinutes(january, 'UTC+5')).toBe(300);
    expect(offsetMinutes(january, '+0545')).toBe(345);
    expect(offsetMinutes(january, 'UTC')).toBe(0);
    expect(new Date(fromWallClock(Date.UTC(2024, 0, 15, 8), 'GMT+8')).toISOString()).toBe('2024-01-15T00:00:00.000Z');
  });

  it('gives the standard offset outside summer time, and refuses what is no zone', () => {
    expect(standardOffsetMinutes('Europe/Lisbon', 2024)).toBe(0);
    expect(standardOffsetMinutes('America/New_York', 2024)).toBe(-300);
    expect(standardOffsetMinutes('GMT+8')).toBe(480);
    expect(validTimeZone('GMT+8')).toBe('GMT+8');
    expect(validTimeZone('Mars/Olympus')).toBeNull();
    expect(validTimeZone('GMT+25')).toBeNull();
    expect(validTimeZone('')).toBeNull();
  });

  describe('wall-clock texts', () => {
    /** 2024-03-10 15:04:05 UTC: 12:04:05 in São Paulo and GMT-3, 20:49:05 at +05:45. */
    const instant = Date.UTC(2024, 2, 10, 15, 4, 5);
    const dayAndTime = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

    it('write every zone validTimeZone takes, fixed offsets included, which Intl alone refuses', () => {
      for (const zone of ['GMT-3', 'UTC+05:45', '+05:45', 'GMT-03:30', '+0545', 'Z']) {
        expect(validTimeZone(zone)).toBe(zone);
        expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).toThrow(RangeError);
      }
      expect(formatWallClock(instant, 'GMT-3', 'pt-BR', false, dayAndTime)).toBe('10/03/2024, 12:04:05');
      expect(formatWallClock(instant, 'America/Sao_Paulo', 'pt-BR', false, dayAndTime)).toBe('10/03/2024, 12:04:05');
      expect(formatWallClock(instant, '+05:45', 'pt-BR', false, dayAndTime)).toBe('10/03/2024, 20:49:05');
      expect(formatWallClock(instant, 'UTC+05:45', 'en-US', true, { dateStyle: 'short', timeStyle: 'short' })).toBe('3/10/24, 8:49 PM');
      expect(formatWallClock(instant, 'GMT-03:30', 'es', false, { hour: '2-digit', minute: '2-digit' })).toBe('11:34');
      expect(formatWallClock(instant, 'Z', 'en-US', false, { hour: '2-digit', minute: '2-digit' })).toBe('15:04');
    });

    it('give the same text as Intl does in an IANA zone, across a change of summer time', () => {
      // New York moved its clocks at 07:00 UTC that day
      for (const at of [Date.UTC(2024, 2, 10, 6, 59, 59), Date.UTC(2024, 2, 10, 7), instant]) {
        for (const twelveHour of [false, true]) {
          const intl = new Intl.DateTimeFormat('en-US', { ...dayAndTime, timeZone: 'America/New_York', hourCycle: twelveHour ? 'h12' : 'h23' }).format(at);
          expect(formatWallClock(at, 'America/New_York', 'en-US', twelveHour, dayAndTime)).toBe(intl.replace(/\u202f/g, ' '));
        }
      }
    });

    it('write a 12-hour clock with a plain space before AM/PM, and midnight as 00 on a 24-hour one', () => {
      const text = formatWallClock(instant, 'GMT-3', 'en-US', true, { hour: 'numeric', minute: '2-digit' });
      expect(text).toBe('12:04 PM');
      expect(text).not.toContain('\u202f');
      expect(formatWallClock(Date.UTC(2024, 2, 10, 3), 'GMT-3', 'en-US', false, { hour: '2-digit', minute: '2-digit' })).toBe('00:00');
    });

    it('give the parts of the wall clock for a text of one\'s own', () => {
      const parts = wallClockParts(instant, '+05:45', 'en-CA', true, dayAndTime);
      const get = (type: string) => parts.find((p) => p.type === type)?.value;
      expect([get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')]).toEqual(['2024', '03', '10', '08', '49', '05']);
      expect(get('dayPeriod')).toMatch(/p/i);
    });
  });
});

describe('startOfDay', () => {
  const iso = (instant: number) => new Date(instant).toISOString();

  it("is the zone's midnight, days away by the offset, a fixed offset included", () => {
    const noon = Date.parse('2024-03-12T15:00:00.000Z');
    expect(iso(startOfDay(noon, 'America/Sao_Paulo'))).toBe('2024-03-12T03:00:00.000Z');
    expect(iso(startOfDay(noon, 'GMT-3', -1))).toBe('2024-03-11T03:00:00.000Z');
    expect(iso(startOfDay(noon, 'Asia/Kathmandu', 1))).toBe('2024-03-12T18:15:00.000Z');
    // New York sprang forward on 2024-03-10 at 02:00: the days before keep their own midnight
    expect(iso(startOfDay(noon, 'America/New_York', -6))).toBe('2024-03-06T05:00:00.000Z');
  });

  it('is the first hour of a day whose midnight summer time skips, never an hour of the day before', () => {
    // São Paulo went from 00:00 to 01:00 on 2018-11-04, Beirut on 2015-03-29
    expect(iso(startOfDay(Date.parse('2018-11-04T15:00:00.000Z'), 'America/Sao_Paulo'))).toBe('2018-11-04T03:00:00.000Z');
    expect(iso(startOfDay(Date.parse('2018-11-05T15:00:00.000Z'), 'America/Sao_Paulo', -1))).toBe('2018-11-04T03:00:00.000Z');
    expect(iso(startOfDay(Date.parse('2015-03-29T12:00:00.000Z'), 'Asia/Beirut'))).toBe('2015-03-28T22:00:00.000Z');
    expect(iso(startOfDay(Date.parse('2015-03-27T12:00:00.000Z'), 'Asia/Beirut', 2))).toBe('2015-03-28T22:00:00.000Z');
  });
});
