import { fromWallClock, toWallClock, validTimeZone } from '@rastro/api';

/**
 * Calendars as Traccar stores them: iCalendar text, base64 in `data`. Each VEVENT is a span
 * (DTSTART..DTEND) repeated by its RRULE (FREQ DAILY/WEEKLY/MONTHLY/YEARLY, INTERVAL, BYDAY,
 * COUNT, UNTIL). A calendar contains an instant when any occurrence of any event covers it.
 */
interface CalendarEvent {
  /** Wall-clock start and end (as UTC timestamps) in the event's zone. */
  start: number;
  end: number;
  zone: string;
  rule: Rule | null;
}

interface Rule {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  interval: number;
  byDay: number[] | null;
  count: number | null;
  /** Wall clock, inclusive. */
  until: number | null;
}

const DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const DAY_MS = 86400_000;

/** `20240501T080000` (wall clock), with `Z` = UTC; returns the wall-clock time in `zone`. */
function parseDateTime(value: string, zone: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
  if (!m) throw new Error(`invalid date-time "${value}"`);
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  return m[7] ? toWallClock(wall, zone) : wall;
}

/** Unfolds continuation lines and splits `NAME;PARAMS:VALUE`. */
function lines(text: string): { name: string; params: Record<string, string>; value: string }[] {
  return text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/).filter(Boolean).map((line) => {
    const colon = line.indexOf(':');
    const [name = '', ...params] = line.slice(0, colon).split(';');
    return {
      name: name.toUpperCase(),
      params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])),
      value: line.slice(colon + 1),
    };
  });
}

export function parseCalendar(data: string, defaultZone = 'UTC'): CalendarEvent[] {
  const text = /BEGIN:VCALENDAR/.test(data) ? data : Buffer.from(data, 'base64').toString('utf8');
  if (!/BEGIN:VCALENDAR/.test(text)) throw new Error('not an iCalendar');
  const events: CalendarEvent[] = [];
  let current: { dtstart?: { value: string; zone: string }; dtend?: { value: string; zone: string }; rrule?: string } | null = null;
  for (const line of lines(text)) {
    if (line.name === 'BEGIN' && line.value === 'VEVENT') current = {};
    else if (line.name === 'END' && line.value === 'VEVENT' && current) {
      if (!current.dtstart) throw new Error('event without DTSTART');
      const zone = validTimeZone(current.dtstart.zone) ?? defaultZone;
      const start = parseDateTime(current.dtstart.value, zone);
      const end = current.dtend ? parseDateTime(current.dtend.value, zone) : start + DAY_MS;
      events.push({ start, end, zone, rule: current.rrule ? parseRule(current.rrule, zone) : null });
      current = null;
    } else if (current && (line.name === 'DTSTART' || line.name === 'DTEND')) {
      current[line.name === 'DTSTART' ? 'dtstart' : 'dtend'] = { value: line.value, zone: line.params.TZID ?? '' };
    } else if (current && line.name === 'RRULE') current.rrule = line.value;
  }
  return events;
}

function parseRule(text: string, zone: string): Rule {
  const parts = Object.fromEntries(text.split(';').map((p) => p.split('=') as [string, string]));
  const freq = parts.FREQ as Rule['freq'];
  if (!['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(freq)) throw new Error(`unsupported FREQ "${parts.FREQ}"`);
  return {
    freq,
    interval: Math.max(1, Number(parts.INTERVAL ?? 1) || 1),
    byDay: parts.BYDAY ? parts.BYDAY.split(',').map((d) => DAYS.indexOf(d.slice(-2))).filter((d) => d >= 0) : null,
    count: parts.COUNT ? Number(parts.COUNT) : null,
    until: parts.UNTIL ? parseDateTime(parts.UNTIL, zone) : null,
  };
}

const dayNumber = (wall: number) => Math.floor(wall / DAY_MS);
const monthsBetween = (a: Date, b: Date) => (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();

/** Whether an occurrence starts on the given wall-clock day (ignoring COUNT). */
function occursOn(event: CalendarEvent, rule: Rule, day: number): boolean {
  const first = dayNumber(event.start);
  if (day < first) return false;
  const date = new Date(day * DAY_MS);
  const start = new Date(event.start);
  const weekday = date.getUTCDay();
  switch (rule.freq) {
    case 'DAILY':
      return (day - first) % rule.interval === 0 && (!rule.byDay || rule.byDay.includes(weekday));
    case 'WEEKLY': {
      // weeks counted from the week (starting Monday) of the first occurrence
      const week = (d: number) => Math.floor((d - ((new Date(d * DAY_MS).getUTCDay() + 6) % 7)) / 7);
      if ((week(day) - week(first)) % rule.interval !== 0) return false;
      return rule.byDay ? rule.byDay.includes(weekday) : weekday === start.getUTCDay();
    }
    case 'MONTHLY':
      return monthsBetween(start, date) % rule.interval === 0 && date.getUTCDate() === start.getUTCDate();
    case 'YEARLY':
      return (date.getUTCFullYear() - start.getUTCFullYear()) % rule.interval === 0
        && date.getUTCMonth() === start.getUTCMonth() && date.getUTCDate() === start.getUTCDate();
  }
}

function covers(event: CalendarEvent, instant: number): boolean {
  const wall = toWallClock(instant, event.zone);
  const length = event.end - event.start;
  if (!event.rule) return wall >= event.start && wall < event.end;
  const rule = event.rule;
  const timeOfDay = event.start - dayNumber(event.start) * DAY_MS;
  // occurrences that started on the days an occurrence of this length could still cover
  for (let day = dayNumber(wall - length); day <= dayNumber(wall); day++) {
    if (!occursOn(event, rule, day)) continue;
    const start = day * DAY_MS + timeOfDay;
    if (rule.until !== null && start > rule.until) continue;
    if (rule.count !== null && ordinal(event, rule, day) > rule.count) continue;
    if (wall >= start && wall < start + length) return true;
  }
  return false;
}

/** 1-based position of the occurrence on `day` among all occurrences (for COUNT). */
function ordinal(event: CalendarEvent, rule: Rule, day: number): number {
  let n = 0;
  for (let d = dayNumber(event.start); d <= day && n <= (rule.count ?? 0); d++) if (occursOn(event, rule, d)) n++;
  return n;
}

export function calendarContains(events: CalendarEvent[], instant: number): boolean {
  return events.some((event) => covers(event, instant));
}

/** Brings a wall-clock value back to an instant (for tests and display). */
export const wallToInstant = fromWallClock;

/** One occurrence of a calendar event, as instants (the end excluded, as DTEND). */
export interface Occurrence {
  start: number;
  end: number;
}

/** How far ahead a search for the next occurrence looks: a yearly event every other year fits. */
const HORIZON_DAYS = 5 * 366;

/** The occurrences of one event that end in (after, until], by end. */
function endingBetween(event: CalendarEvent, after: number, until: number): Occurrence[] {
  const length = event.end - event.start;
  const occurrence = (startWall: number): Occurrence => ({ start: fromWallClock(startWall, event.zone), end: fromWallClock(startWall + length, event.zone) });
  const inRange = (o: Occurrence) => o.end > after && o.end <= until;
  if (!event.rule) {
    const single = occurrence(event.start);
    return inRange(single) ? [single] : [];
  }
  const rule = event.rule;
  const timeOfDay = event.start - dayNumber(event.start) * DAY_MS;
  const first = dayNumber(event.start);
  // a day's offset from UTC is under a day; an occurrence ending after `after` started at most its length before
  const from = rule.count !== null ? first : Math.max(first, dayNumber(toWallClock(after, event.zone) - length) - 1);
  const to = dayNumber(toWallClock(until, event.zone)) + 1;
  const found: Occurrence[] = [];
  let ordinal = 0;
  for (let day = from; day <= to; day++) {
    if (!occursOn(event, rule, day)) continue;
    ordinal++;
    const startWall = day * DAY_MS + timeOfDay;
    if (rule.until !== null && startWall > rule.until) break;
    if (rule.count !== null && ordinal > rule.count) break;
    const o = occurrence(startWall);
    if (inRange(o)) found.push(o);
  }
  return found;
}

/**
 * The occurrences of a calendar's events that end after `after` and no later than `until`, by end,
 * ties by start (a scheduled report runs when an occurrence ends and covers it: Traccar's rule).
 * A search runs at most five years past `after`.
 */
export function occurrencesEnding(events: CalendarEvent[], after: number, until: number): Occurrence[] {
  return events.flatMap((event) => endingBetween(event, after, until)).sort((a, b) => a.end - b.end || a.start - b.start);
}

/** The first occurrence to end after `after`, or null when the calendar has none within five years. */
export function nextOccurrence(events: CalendarEvent[], after: number): Occurrence | null {
  return occurrencesEnding(events, after, after + HORIZON_DAYS * DAY_MS)[0] ?? null;
}
