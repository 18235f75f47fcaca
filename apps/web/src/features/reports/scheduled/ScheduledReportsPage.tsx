import { useState } from 'react';
import type { ScheduledReport } from '@rastro/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAreaActions } from '../../../access/can.ts';
import { calendarsApi } from '../../../api/entities.ts';
import { scheduledReportsApi } from '../../../api/reports.ts';
import { notify } from '../../../state/notice.ts';
import { useSessionUser } from '../../../state/session.ts';
import { EntityListPage, type EntityDescription } from '../../../ui/entity/EntityListPage.tsx';
import { parseFilter } from '../filters/reportFilter.ts';
import { useReportFormat } from '../format/useReportFormat.ts';
import { blankReport, periodOf } from './scheduled.ts';
import { ScheduledReportDialog } from './ScheduledReportDialog.tsx';

/**
 * /reports/scheduled: the reports the server runs on a calendar and mails, as spreadsheets, to the
 * users they belong to (Traccar's scheduled reports). A new one starts from the devices and groups
 * the reports were looking at.
 */
export default function ScheduledReportsPage() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const user = useSessionUser();
  const client = useQueryClient();
  const allowed = useAreaActions('reports');
  const [search] = useSearchParams();
  const calendars = useQuery({ queryKey: [calendarsApi.key], queryFn: () => calendarsApi.list() }).data ?? [];
  const [editing, setEditing] = useState<ScheduledReport | null>(null);

  const calendarName = (id: number) => calendars.find((calendar) => calendar.id === id)?.name ?? t('reports.scheduled.noCalendar');
  const typeName = (type: string) => t(`reports.pages.${type}.title`, { defaultValue: type });
  const periodName = (report: ScheduledReport) => {
    const period = periodOf(report);
    return period === 'calendar' ? t('reports.scheduled.calendarPeriod') : t(`reports.period.${period}`);
  };
  const nextRun = (report: ScheduledReport) =>
    report.nextRun ? t('reports.scheduled.nextRun', { time: format.dateTime(report.nextRun) }) : t('reports.scheduled.notScheduled');

  const description: EntityDescription<ScheduledReport> = {
    area: 'reports',
    title: t('reports.pages.scheduled.title'),
    newTitle: t('reports.scheduled.new'),
    editTitle: t('reports.scheduled.edit'),
    api: scheduledReportsApi,
    fields: [],
    blank: () => {
      const filter = parseFilter(search);
      return blankReport(calendars[0]?.id ?? 0, filter.deviceIds, filter.groupIds);
    },
    primary: (report) => report.description?.trim() || typeName(report.type),
    secondary: (report) => [typeName(report.type), calendarName(report.calendarId), periodName(report), nextRun(report)].join(' · '),
    onEdit: (report) => setEditing(report ?? description.blank()),
  };

  return (
    <EntityListPage description={description}>
      {editing && (
        <ScheduledReportDialog
          initial={editing}
          calendars={calendars}
          email={user?.email ?? ''}
          readOnly={editing.id > 0 ? !allowed.edit : !allowed.create}
          onSaved={() => {
            notify(t('entity.saved'), 'success');
            return client.invalidateQueries({ queryKey: [scheduledReportsApi.key] });
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </EntityListPage>
  );
}
