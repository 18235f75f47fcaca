import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportEvent } from '../../../api/reports.ts';
import { useReportDevices } from '../filters/DeviceField.tsx';
import { ReportFilterPanel } from '../filters/ReportFilterPanel.tsx';
import { useReportFormat } from '../format/useReportFormat.ts';
import { ExportButton } from '../layout/ExportButton.tsx';
import { ReportResults } from '../layout/ReportResults.tsx';
import { ReportSheet } from '../layout/ReportSheet.tsx';
import { ReportTable, type Column } from '../layout/ReportTable.tsx';
import { useBackToReports, useReport, useReportFilter } from '../useReportRun.ts';
import { eventDetail, eventTypeLabel } from './eventDetail.ts';
import { EventOnMap } from './EventOnMap.tsx';
import { EventsFilterFields } from './EventsFilterFields.tsx';

/** /reports/events: the events of the period, by type and alarm kind; the one chosen is marked where it happened. */
export default function EventsReport() {
  const { t, i18n } = useTranslation();
  const format = useReportFormat();
  const back = useBackToReports();
  const devices = useReportDevices();
  const { filter, params, run, apply } = useReportFilter('devices-or-groups');
  const { query, queryKey } = useReport('events', params, run);
  const [chosen, setChosen] = useState<ReportEvent | null>(null);
  const selected = chosen && query.data?.includes(chosen) ? chosen : null;

  const columns = useMemo((): Column<ReportEvent>[] => {
    const names = new Map(devices.map((device) => [device.id, device.name]));
    return [
      { id: 'time', label: t('reports.column.time'), render: (row) => format.dateTime(row.eventTime) },
      { id: 'device', label: t('reports.column.device'), render: (row) => row.deviceName ?? names.get(row.deviceId) ?? row.deviceId },
      { id: 'type', label: t('reports.column.type'), render: (row) => eventTypeLabel(row.type, t, (key) => i18n.exists(key)) },
      { id: 'detail', label: t('reports.column.detail'), render: (row) => eventDetail(row, t, format) },
    ];
  }, [t, i18n, format, devices]);

  return (
    <ReportSheet title={t('reports.pages.events.title')} onBack={back} actions={<ExportButton kind="events" params={params} />}>
      <ReportFilterPanel
        filter={filter}
        scope="devices-or-groups"
        onApply={apply}
        extras={(draft, change) => <EventsFilterFields draft={draft} change={change} />}
      />
      <ReportResults
        query={query}
        queryKey={queryKey}
        ready={params !== null}
        hint={t('reports.hint.devicesOrGroups')}
        emptyText={t('reports.status.noData')}
      >
        {(rows) => <ReportTable columns={columns} rows={rows} rowKey={(row) => row.id} selected={selected?.id} onSelect={(row) => setChosen(row)} />}
      </ReportResults>
      {selected && <EventOnMap positionId={selected.positionId} />}
    </ReportSheet>
  );
}
