import { useMemo, useState } from 'react';
import type { ReportStop } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { ReportFilterPanel } from '../filters/ReportFilterPanel.tsx';
import { place } from '../format/place.ts';
import { useReportFormat } from '../format/useReportFormat.ts';
import { ExportButton } from '../layout/ExportButton.tsx';
import { ReportResults } from '../layout/ReportResults.tsx';
import { ReportSheet } from '../layout/ReportSheet.tsx';
import { ReportTable, type Column } from '../layout/ReportTable.tsx';
import { FitTo } from '../map/FitTo.tsx';
import { MARKER_COLORS } from '../map/markerColors.ts';
import { PointMarkers } from '../map/PointMarkers.tsx';
import { useBackToReports, useReport, useReportFilter } from '../useReportRun.ts';

const stopKey = (stop: ReportStop) => `${stop.deviceId}-${stop.startTime}`;

function StopOnMap({ stop }: { stop: ReportStop }) {
  const points = useMemo(() => [{ longitude: stop.longitude, latitude: stop.latitude, color: MARKER_COLORS.stop }], [stop]);
  const fit = useMemo((): [number, number][] => [[stop.longitude, stop.latitude]], [stop]);
  return (
    <>
      <PointMarkers points={points} radius={9} />
      <FitTo coordinates={fit} />
    </>
  );
}

/** /reports/stops: where and how long each device stood still; the stop chosen is marked on the map. */
export default function StopsReport() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const back = useBackToReports();
  const { filter, params, run, apply } = useReportFilter('devices-or-groups');
  const { query, queryKey } = useReport('stops', params, run);
  const [chosen, setChosen] = useState<ReportStop | null>(null);
  const selected = chosen && query.data?.includes(chosen) ? chosen : null;

  const columns = useMemo((): Column<ReportStop>[] => [
    { id: 'device', label: t('reports.column.device'), render: (row) => row.deviceName },
    { id: 'start', label: t('reports.column.start'), render: (row) => format.dateTime(row.startTime) },
    { id: 'end', label: t('reports.column.end'), render: (row) => format.dateTime(row.endTime) },
    { id: 'duration', label: t('reports.column.duration'), align: 'right', render: (row) => format.duration(row.duration) },
    { id: 'address', label: t('reports.column.address'), render: (row) => place(row.address, row.latitude, row.longitude) },
    { id: 'engineHours', label: t('reports.column.engineHours'), align: 'right', render: (row) => format.duration(row.engineHours) },
    { id: 'spentFuel', label: t('reports.column.spentFuel'), align: 'right', render: (row) => t('reports.litres', { value: format.number(row.spentFuel) }) },
  ], [t, format]);

  return (
    <ReportSheet title={t('reports.pages.stops.title')} onBack={back} actions={<ExportButton kind="stops" params={params} />}>
      <ReportFilterPanel filter={filter} scope="devices-or-groups" onApply={apply} />
      <ReportResults
        query={query}
        queryKey={queryKey}
        ready={params !== null}
        hint={t('reports.hint.devicesOrGroups')}
        emptyText={t('reports.status.noData')}
      >
        {(rows) => (
          <ReportTable columns={columns} rows={rows} rowKey={stopKey} selected={selected && stopKey(selected)} onSelect={setChosen} />
        )}
      </ReportResults>
      {selected && <StopOnMap stop={selected} />}
    </ReportSheet>
  );
}
