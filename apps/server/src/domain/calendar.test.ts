import { describe, expect, it } from 'vitest';
import { calendarContains, parseCalendar } from './calendar.ts';

const ics = (...event: string[]) =>
  Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Rastro//EN', 'BEGIN:VEVENT', 'UID:1', ...event, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')).toString('base64');
const at = (iso: string) => Date.parse(iso);

describe('calendars (iCalendar, base64)', () => {
  it('weekdays 08:00-18:00 in São Paulo', () => {
    const events = parseCalendar(ics('DTSTART;TZID=America/Sao_Paulo:20240101T080000', 'DTEND;TZID=America/Sao_Paulo:20240101T180000', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'));
    expect(calendarContains(events, at('2024-05-06T12:00:00Z'))).toBe(true); // Monday 09:00 local
    expect(calendarContains(events, at('2024-05-06T10:59:00Z'))).toBe(false); // 07:59 local
    expect(calendarContains(events, at('2024-05-06T21:00:00Z'))).toBe(false); // 18:00 local
    expect(calendarContains(events, at('2024-05-05T15:00:00Z'))).toBe(false); // Sunday
    expect(calendarContains(events, at('2023-12-29T12:00:00Z'))).toBe(false); // before it starts
  });

  it('a single span without repetition, and a night shift across midnight', () => {
    expect(calendarContains(parseCalendar(ics('DTSTART:20240501T000000Z', 'DTEND:20240502T000000Z')), at('2024-05-01T23:00:00Z'))).toBe(true);
    const night = parseCalendar(ics('DTSTART:20240501T220000Z', 'DTEND:20240502T060000Z', 'RRULE:FREQ=DAILY'));
    expect(calendarContains(night, at('2024-05-10T03:00:00Z'))).toBe(true);
    expect(calendarContains(night, at('2024-05-10T12:00:00Z'))).toBe(false);
  });

  it('ends after a count or at a date, and repeats monthly or yearly', () => {
    const three = parseCalendar(ics('DTSTART:20240501T080000Z', 'DTEND:20240501T090000Z', 'RRULE:FREQ=DAILY;COUNT=3'));
    expect(calendarContains(three, at('2024-05-03T08:30:00Z'))).toBe(true);
    expect(calendarContains(three, at('2024-05-04T08:30:00Z'))).toBe(false);
    const until = parseCalendar(ics('DTSTART:20240501T080000Z', 'DTEND:20240501T090000Z', 'RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20240507T235959Z'));
    expect(calendarContains(until, at('2024-05-03T08:30:00Z'))).toBe(true);
    expect(calendarContains(until, at('2024-05-04T08:30:00Z'))).toBe(false);
    expect(calendarContains(until, at('2024-05-09T08:30:00Z'))).toBe(false);
    const monthly = parseCalendar(ics('DTSTART:20240115T000000Z', 'DTEND:20240116T000000Z', 'RRULE:FREQ=MONTHLY'));
    expect(calendarContains(monthly, at('2024-07-15T12:00:00Z'))).toBe(true);
    expect(calendarContains(monthly, at('2024-07-16T12:00:00Z'))).toBe(false);
    const yearly = parseCalendar(ics('DTSTART:20201225T000000Z', 'DTEND:20201226T000000Z', 'RRULE:FREQ=YEARLY'));
    expect(calendarContains(yearly, at('2025-12-25T10:00:00Z'))).toBe(true);
  });

  it('rejects what is not a calendar', () => {
    expect(() => parseCalendar('bm90IGEgY2FsZW5kYXI=')).toThrow(/iCalendar/);
    expect(() => parseCalendar(ics('DTSTART:2024', 'DTEND:20240101T000000Z'))).toThrow(/date-time/);
  });
});
