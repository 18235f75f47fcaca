/**
 * The schedule of a calendar (spec §3) and its iCalendar form, as Traccar stores it: one VEVENT
 * with DTSTART, DTEND and an optional RRULE, the whole text base64-encoded in `data`.
 */
export const FREQUENCIES = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type Ending = 'never' | 'count' | 'until';

export interface Schedule {
  start: Date;
  end: Date;
  frequency: Frequency;
  /** Weekly repetition on these days; empty means the start's weekday. */
  weekdays: Weekday[];
  ending: Ending;
  count: number;
  until: Date | null;
}

/** `20240105T080000Z`: iCalendar UTC date-time. */
function formatUtc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function parseUtc(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zulu] = match;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  // a floating time (no Z, no zone) is read as local wall-clock time
  return zulu ? new Date(Date.UTC(...parts)) : new Date(...parts);
}

export function buildICalendar(schedule: Schedule, uid: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Rastro//Calendar//EN', 'BEGIN:VEVENT', `UID:${uid}`, `DTSTAMP:${formatUtc(schedule.start)}`,
    `DTSTART:${formatUtc(schedule.start)}`, `DTEND:${formatUtc(schedule.end)}`];
  if (schedule.frequency !== 'none') {
    const rule = [`FREQ=${schedule.frequency.toUpperCase()}`];
    if (schedule.frequency === 'weekly' && schedule.weekdays.length) rule.push(`BYDAY=${WEEKDAYS.filter((day) => schedule.weekdays.includes(day)).join(',')}`);
    if (schedule.ending === 'count') rule.push(`COUNT=${Math.max(1, Math.round(schedule.count))}`);
    if (schedule.ending === 'until' && schedule.until) rule.push(`UNTIL=${formatUtc(schedule.until)}`);
    lines.push(`RRULE:${rule.join(';')}`);
  }
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.join('\r\n') + '\r\n';
}

/** The first event of an iCalendar text; null when it has none this editor can show. */
export function parseICalendar(text: string): Schedule | null {
  // unfold continuation lines (RFC 5545 §3.1)
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const event: Record<string, string> = {};
  let inside = false;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') inside = true;
    else if (line === 'END:VEVENT') break;
    else if (inside) {
      const colon = line.indexOf(':');
      if (colon > 0) event[line.slice(0, colon).split(';')[0].toUpperCase()] = line.slice(colon + 1);
    }
  }
  const start = event.DTSTART ? parseUtc(event.DTSTART) : null;
  if (!start) return null;
  const end = (event.DTEND && parseUtc(event.DTEND)) || new Date(start.getTime() + 86_400_000);
  const schedule: Schedule = { start, end, frequency: 'none', weekdays: [], ending: 'never', count: 1, until: null };
  if (event.RRULE) {
    const rule = Object.fromEntries(event.RRULE.split(';').map((part) => part.split('=') as [string, string]));
    const frequency = rule.FREQ?.toLowerCase() as Frequency | undefined;
    if (!frequency || !FREQUENCIES.includes(frequency)) return null;
    schedule.frequency = frequency;
    schedule.weekdays = (rule.BYDAY ?? '').split(',').map((day) => day.slice(-2) as Weekday).filter((day) => WEEKDAYS.includes(day));
    if (rule.COUNT) Object.assign(schedule, { ending: 'count', count: Number(rule.COUNT) });
    else if (rule.UNTIL) Object.assign(schedule, { ending: 'until', until: parseUtc(rule.UNTIL) });
  }
  return schedule;
}

/** base64 of UTF-8 text, as `data` holds it. */
export function encodeCalendarData(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeCalendarData(data: string): string {
  if (data.includes('BEGIN:VCALENDAR')) return data;
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(data), (char) => char.charCodeAt(0)));
  } catch {
    return '';
  }
}

/** A first schedule for a new calendar: today 08:00–18:00, every weekday. */
export function defaultSchedule(now = new Date()): Schedule {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 8, 0);
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 18, 0);
  return { start, end, frequency: 'weekly', weekdays: ['MO', 'TU', 'WE', 'TH', 'FR'], ending: 'never', count: 10, until: null };
}
