import { useMemo } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReportSummary } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { ReportFilterPanel } from '../filters/ReportFilterPanel.tsx';
import { useReportFormat } from '../format/useReportFormat.ts';
import { ExportButton } from '../layout/ExportButton.tsx';
import { ReportResults } from '../layout/ReportResults.tsx';
import { ReportSheet } from '../layout/ReportSheet.tsx';
import { ReportTable, type Column } from '../layout/ReportTable.tsx';
import { useBackToReports, useReport, useReportFilter } from '../useReportRun.ts';

/** /reports/resume: distance, odometer, speeds, engine hours and fuel per device (or per device and day). */
export default function SummaryReport() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const back = useBackToReports();
  const { filter, params, run, apply } = useReportFilter('devices-or-groups');
  const { query, queryKey } = useReport('summary', params, run);

  const columns = useMemo((): Column<ReportSummary>[] => [
    { id: 'device', label: t('reports.column.device'), render: (row) => row.deviceName },
    { id: 'start', label: t('reports.column.start'), render: (row) => format.dateTime(row.startTime) },
    { id: 'end', label: t('reports.column.end'), render: (row) => format.dateTime(row.endTime) },
    { id: 'distance', label: t('reports.column.distance'), align: 'right', render: (row) => format.distance(row.distance) },
    { id: 'startOdometer', label: t('reports.column.startOdometer'), align: 'right', render: (row) => format.distance(row.startOdometer) },
    { id: 'endOdometer', label: t('reports.column.endOdometer'), align: 'right', render: (row) => format.distance(row.endOdometer) },
    { id: 'averageSpeed', label: t('reports.column.averageSpeed'), align: 'right', render: (row) => format.speed(row.averageSpeed) },
    { id: 'maxSpeed', label: t('reports.column.maxSpeed'), align: 'right', render: (row) => format.speed(row.maxSpeed) },
    { id: 'engineHours', label: t('reports.column.engineHours'), align: 'right', render: (row) => format.duration(row.engineHours) },
    { id: 'spentFuel', label: t('reports.column.spentFuel'), align: 'right', render: (row) => t('reports.litres', { value: format.number(row.spentFuel) }) },
  ], [t, format]);

  return (
    <ReportSheet title={t('reports.pages.summary.title')} onBack={back} actions={<ExportButton kind="summary" params={params} />}>
      <ReportFilterPanel
        filter={filter}
        scope="devices-or-groups"
        onApply={apply}
        extras={(draft, change) => (
          <FormControlLabel
            sx={{ flex: '0 0 auto', ml: 0 }}
            control={<Switch checked={draft.daily} onChange={(event) => change({ daily: event.target.checked })} name="daily" />}
            label={t('reports.summary.daily')}
          />
        )}
      />
      <ReportResults
        query={query}
        queryKey={queryKey}
        ready={params !== null}
        hint={t('reports.hint.devicesOrGroups')}
        emptyText={t('reports.status.noData')}
      >
        {(rows) => <ReportTable columns={columns} rows={rows} rowKey={(row, index) => `${row.deviceId}-${index}`} />}
      </ReportResults>
    </ReportSheet>
  );
}
