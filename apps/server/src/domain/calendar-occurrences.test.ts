import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrencesEnding, parseCalendar } from './calendar.ts';

const ics = (...event: string[]) =>
  Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Rastro//EN', 'BEGIN:VEVENT', 'UID:1', ...event, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')).toString('base64');
const at = (iso: string) => Date.parse(iso);
const iso = (o: { start: number; end: number } | null) => o && [new Date(o.start).toISOString(), new Date(o.end).toISOString()];

describe('calendar occurrences (when scheduled reports run)', () => {
  it('finds the whole days of a daily calendar in its zone, by the end', () => {
    const days = parseCalendar(ics('DTSTART;TZID=America/Sao_Paulo:20240101T000000', 'DTEND;TZID=America/Sao_Paulo:20240102T000000', 'RRULE:FREQ=DAILY'));
    // the day that ends next, seen from midday UTC on 10 May: 10 May in São Paulo (UTC−3)
    expect(iso(nextOccurrence(days, at('2024-05-10T12:00:00Z')))).toEqual(['2024-05-10T03:00:00.000Z', '2024-05-11T03:00:00.000Z']);
    // an occurrence that ends exactly at `after` is past
    expect(iso(nextOccurrence(days, at('2024-05-11T03:00:00Z')))).toEqual(['2024-05-11T03:00:00.000Z', '2024-05-12T03:00:00.000Z']);
    // those that ended in a span, oldest first
    expect(occurrencesEnding(days, at('2024-05-10T12:00:00Z'), at('2024-05-13T03:00:00Z')).map(iso)).toEqual([
      ['2024-05-10T03:00:00.000Z', '2024-05-11T03:00:00.000Z'],
      ['2024-05-11T03:00:00.000Z', '2024-05-12T03:00:00.000Z'],
      ['2024-05-12T03:00:00.000Z', '2024-05-13T03:00:00.000Z'],
    ]);
  });

  it('follows weekdays, counts, end dates and single events', () => {
    const workdays = parseCalendar(ics('DTSTART:20240101T080000Z', 'DTEND:20240101T180000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'));
    // Friday 10 May after work: the next one is Monday 13 May
    expect(iso(nextOccurrence(workdays, at('2024-05-10T19:00:00Z')))).toEqual(['2024-05-13T08:00:00.000Z', '2024-05-13T18:00:00.000Z']);
    const three = parseCalendar(ics('DTSTART:20240501T080000Z', 'DTEND:20240501T090000Z', 'RRULE:FREQ=DAILY;COUNT=3'));
    expect(occurrencesEnding(three, 0, at('2030-01-01T00:00:00Z'))).toHaveLength(3);
    expect(nextOccurrence(three, at('2024-05-03T09:00:00Z'))).toBeNull();
    const until = parseCalendar(ics('DTSTART:20240501T080000Z', 'DTEND:20240501T090000Z', 'RRULE:FREQ=DAILY;UNTIL=20240502T235959Z'));
    expect(nextOccurrence(until, at('2024-05-02T10:00:00Z'))).toBeNull();
    const once = parseCalendar(ics('DTSTART:20240601T000000Z', 'DTEND:20240608T000000Z'));
    expect(iso(nextOccurrence(once, at('2024-05-01T00:00:00Z')))).toEqual(['2024-06-01T00:00:00.000Z', '2024-06-08T00:00:00.000Z']);
    expect(nextOccurrence(once, at('2024-06-08T00:00:00Z'))).toBeNull();
    const yearly = parseCalendar(ics('DTSTART:20201225T000000Z', 'DTEND:20201226T000000Z', 'RRULE:FREQ=YEARLY'));
    expect(iso(nextOccurrence(yearly, at('2025-12-26T00:00:00Z')))).toEqual(['2026-12-25T00:00:00.000Z', '2026-12-26T00:00:00.000Z']);
  });
});
