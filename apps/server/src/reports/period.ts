import { ClientError } from '../domain/errors.ts';

const DAY_MS = 86400_000;

/**
 * A report's `from`/`to` within the configured span (RASTRO_REPORT_MAX_DAYS): the work a report
 * does grows with its period, so one request can never ask for decades. Traccar's message for
 * its report.periodLimit, which the web app translates.
 */
export function checkPeriod(from: number, to: number, maxDays: number): void {
  if (to < from) throw new ClientError('to must not be before from');
  if (to - from > maxDays * DAY_MS) throw new ClientError('Time period exceeds the limit');
}
