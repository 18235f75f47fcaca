import { SCHEDULED_REPORT_PERIODS, startOfDay, type ScheduledReportPeriod } from '@rastro/api';
import { nextOccurrence, occurrencesEnding, parseCalendar, type Occurrence } from '../domain/calendar.ts';

/**
 * When a scheduled report runs and what it covers. Traccar's rule: a report runs when an
 * occurrence of its calendar ends, over that occurrence. Rastro keeps `lastRun`, the end of the
 * last occurrence reported (when the report was made, before its first run), so that the next run
 * follows from the calendar and that value alone: after a restart, after a calendar change, on
 * whichever node looks.
 */
export type CalendarEvents = ReturnType<typeof parseCalendar>;

const DAY_MS = 86400_000;

/** The calendar's events, or null when its data cannot be read (then the report does not run). */
export function calendarEvents(data: string | null | undefined): CalendarEvents | null {
  if (!data) return null;
  try {
    return parseCalendar(data);
  } catch {
    return null;
  }
}

/** The occurrence to report at `now`: the latest that ended after `lastRun` (older ones missed while no node ran are skipped). */
export function dueOccurrence(events: CalendarEvents, lastRun: number, now: number): Occurrence | null {
  return occurrencesEnding(events, lastRun, now).at(-1) ?? null;
}

/** When the report runs next: the end of the first occurrence after `lastRun`, or null when there is none. */
export function nextRunOf(events: CalendarEvents | null, lastRun: number): number | null {
  return events ? (nextOccurrence(events, lastRun)?.end ?? null) : null;
}

export function periodOf(attributes: Record<string, unknown>): ScheduledReportPeriod {
  const period = attributes.period;
  return (SCHEDULED_REPORT_PERIODS as readonly unknown[]).includes(period) ? (period as ScheduledReportPeriod) : 'calendar';
}

/** The report filter's presets (the web app's), as they stand at `at` in the zone: "last 7 days" ends with today. */
const DAYS: Record<Exclude<ScheduledReportPeriod, 'calendar'>, [first: number, last: number]> = {
  today: [0, 0],
  yesterday: [-1, -1],
  last7: [-6, 0],
  last30: [-29, 0],
};

/**
 * What a run covers: the occurrence itself, or a preset resolved at the occurrence's end in the
 * user's time zone; never longer than `maxDays` (RASTRO_REPORT_MAX_DAYS), keeping its end.
 */
export function reportRange(period: ScheduledReportPeriod, occurrence: Occurrence, timeZone: string, maxDays: number): [number, number] {
  let from: number;
  let to: number;
  if (period === 'calendar') {
    [from, to] = [occurrence.start, occurrence.end - 1];
  } else {
    const [first, last] = DAYS[period];
    [from, to] = [startOfDay(occurrence.end, timeZone, first), startOfDay(occurrence.end, timeZone, last + 1) - 1];
  }
  return [Math.max(from, to - maxDays * DAY_MS), to];
}
