import { SCHEDULED_REPORT_PERIODS, type ScheduledReport, type ScheduledReportPeriod } from '@rastro/api';

/** The period a scheduled report covers: its `attributes.period`, else its calendar's event (Traccar's). */
export function periodOf(report: Pick<ScheduledReport, 'attributes'>): ScheduledReportPeriod {
  const period = report.attributes.period;
  return (SCHEDULED_REPORT_PERIODS as readonly unknown[]).includes(period) ? (period as ScheduledReportPeriod) : 'calendar';
}

/** A new scheduled report: a daily summary of the devices and groups the reports were looking at. */
export function blankReport(calendarId: number, deviceIds: number[], groupIds: number[]): ScheduledReport {
  return { id: 0, type: 'summary', description: '', calendarId, attributes: {}, deviceIds, groupIds };
}
