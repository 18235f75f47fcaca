import { describe, expect, it } from 'vitest';
import { buildICalendar, decodeCalendarData, encodeCalendarData, parseICalendar, type Schedule } from './ical.ts';

const weekly: Schedule = {
  start: new Date('2025-03-03T11:00:00Z'),
  end: new Date('2025-03-03T21:00:00Z'),
  frequency: 'weekly',
  weekdays: ['FR', 'MO'],
  ending: 'until',
  count: 1,
  until: new Date('2025-12-31T23:59:00Z'),
};

describe('iCalendar', () => {
  it('builds a VEVENT with DTSTART, DTEND and RRULE in UTC', () => {
    const text = buildICalendar(weekly, 'a@rastro');
    expect(text).toContain('BEGIN:VCALENDAR\r\n');
    expect(text).toContain('DTSTART:20250303T110000Z');
    expect(text).toContain('DTEND:20250303T210000Z');
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,FR;UNTIL=20251231T235900Z');
  });

  it('reads back what it wrote, through base64', () => {
    const data = encodeCalendarData(buildICalendar(weekly, 'a@rastro'));
    const back = parseICalendar(decodeCalendarData(data));
    expect(back).toEqual({ ...weekly, weekdays: ['MO', 'FR'] });
  });

  it('keeps a count and a single event', () => {
    const counted = parseICalendar(buildICalendar({ ...weekly, frequency: 'daily', ending: 'count', count: 5 }, 'x'));
    expect(counted).toMatchObject({ frequency: 'daily', ending: 'count', count: 5 });
    const once = parseICalendar(buildICalendar({ ...weekly, frequency: 'none' }, 'x'));
    expect(once).toMatchObject({ frequency: 'none', ending: 'never' });
  });

  it('reads Traccar calendars with folded lines and zone parameters', () => {
    const text = 'BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART;TZID=America/Sao_Paulo:20240101T080000\nDTEND;TZID=America/Sao_Paulo:2024010\n 1T180000\nRRULE:FREQ=MONTHLY;COUNT=3\nEND:VEVENT\nEND:VCALENDAR';
    const schedule = parseICalendar(text);
    expect(schedule?.frequency).toBe('monthly');
    expect(schedule?.count).toBe(3);
    expect(schedule?.end.getHours()).toBe(18);
  });

  it('refuses text without an event', () => {
    expect(parseICalendar('garbage')).toBeNull();
    expect(decodeCalendarData('%%%')).toBe('');
  });
});
