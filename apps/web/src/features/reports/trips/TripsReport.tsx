import { useMemo, useState } from 'react';
import type { ReportTrip } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { ReportFilterPanel } from '../filters/ReportFilterPanel.tsx';
import { place } from '../format/place.ts';
import { useReportFormat } from '../format/useReportFormat.ts';
import { ExportButton } from '../layout/ExportButton.tsx';
import { ReportResults } from '../layout/ReportResults.tsx';
import { ReportSheet } from '../layout/ReportSheet.tsx';
import { ReportTable, type Column } from '../layout/ReportTable.tsx';
import { useBackToReports, useReport, useReportFilter } from '../useReportRun.ts';
import { TripOnMap } from './TripOnMap.tsx';

const tripKey = (trip: ReportTrip) => `${trip.deviceId}-${trip.startTime}`;

/** /reports/travels: each trip with where and when it started and ended; the one chosen is drawn on the map. */
export default function TripsReport() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const back = useBackToReports();
  const { filter, params, run, apply } = useReportFilter('devices-or-groups');
  const { query, queryKey } = useReport('trips', params, run);
  const [chosen, setChosen] = useState<ReportTrip | null>(null);
  // a trip of an earlier run is no longer in the table
  const selected = chosen && query.data?.includes(chosen) ? chosen : null;

  const columns = useMemo((): Column<ReportTrip>[] => [
    { id: 'device', label: t('reports.column.device'), render: (row) => row.deviceName },
    { id: 'start', label: t('reports.column.start'), render: (row) => format.dateTime(row.startTime) },
    { id: 'startAddress', label: t('reports.column.startAddress'), render: (row) => place(row.startAddress, row.startLat, row.startLon) },
    { id: 'end', label: t('reports.column.end'), render: (row) => format.dateTime(row.endTime) },
    { id: 'endAddress', label: t('reports.column.endAddress'), render: (row) => place(row.endAddress, row.endLat, row.endLon) },
    { id: 'distance', label: t('reports.column.distance'), align: 'right', render: (row) => format.distance(row.distance) },
    { id: 'duration', label: t('reports.column.duration'), align: 'right', render: (row) => format.duration(row.duration) },
    { id: 'averageSpeed', label: t('reports.column.averageSpeed'), align: 'right', render: (row) => format.speed(row.averageSpeed) },
    { id: 'maxSpeed', label: t('reports.column.maxSpeed'), align: 'right', render: (row) => format.speed(row.maxSpeed) },
    { id: 'driver', label: t('reports.column.driver'), render: (row) => row.driverName || row.driverUniqueId || t('common.none') },
    { id: 'spentFuel', label: t('reports.column.spentFuel'), align: 'right', render: (row) => t('reports.litres', { value: format.number(row.spentFuel) }) },
  ], [t, format]);

  return (
    <ReportSheet title={t('reports.pages.trips.title')} onBack={back} actions={<ExportButton kind="trips" params={params} />}>
      <ReportFilterPanel filter={filter} scope="devices-or-groups" onApply={apply} />
      <ReportResults
        query={query}
        queryKey={queryKey}
        ready={params !== null}
        hint={t('reports.hint.devicesOrGroups')}
        emptyText={t('reports.status.noData')}
      >
        {(rows) => (
          <ReportTable columns={columns} rows={rows} rowKey={tripKey} selected={selected && tripKey(selected)} onSelect={setChosen} />
        )}
      </ReportResults>
      {selected && <TripOnMap key={tripKey(selected)} trip={selected} />}
    </ReportSheet>
  );
}
