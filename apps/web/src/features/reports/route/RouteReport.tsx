import { useMemo, useState } from 'react';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import type { Position } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { sharedSearch } from '../filters/reportFilter.ts';
import { ReportFilterPanel } from '../filters/ReportFilterPanel.tsx';
import { place } from '../format/place.ts';
import { useReportFormat } from '../format/useReportFormat.ts';
import { ExportButton } from '../layout/ExportButton.tsx';
import { ReportResults } from '../layout/ReportResults.tsx';
import { ReportSheet } from '../layout/ReportSheet.tsx';
import { ReportTable, type Column } from '../layout/ReportTable.tsx';
import { CurrentPosition } from '../map/CurrentPosition.tsx';
import { GRAPHIC_PATH, HISTORY_PATH } from '../reportPages.ts';
import { useBackToReports, useReport, useReportFilter } from '../useReportRun.ts';
import { RouteOnMap } from './RouteOnMap.tsx';
import { PageLink } from '../layout/PageLink.tsx';

/** /reports/history: the positions of one device over the period, drawn on the map; a row chosen is marked. */
export default function RouteReport() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const back = useBackToReports();
  const [search] = useSearchParams();
  const { filter, params, run, apply } = useReportFilter('one-device');
  const { query, queryKey } = useReport('route', params, run);
  const [chosen, setChosen] = useState<Position | null>(null);
  const selected = chosen && query.data?.includes(chosen) ? chosen : null;
  const carried = sharedSearch(search);

  const columns = useMemo((): Column<Position>[] => [
    { id: 'time', label: t('reports.column.time'), render: (row) => format.dateTime(row.fixTime) },
    { id: 'latitude', label: t('reports.column.latitude'), align: 'right', render: (row) => row.latitude.toFixed(6) },
    { id: 'longitude', label: t('reports.column.longitude'), align: 'right', render: (row) => row.longitude.toFixed(6) },
    { id: 'speed', label: t('reports.column.speed'), align: 'right', render: (row) => format.speed(row.speed) },
    { id: 'altitude', label: t('reports.column.altitude'), align: 'right', render: (row) => t('reports.metres', { value: format.number(row.altitude, 0) }) },
    { id: 'course', label: t('reports.column.course'), align: 'right', render: (row) => `${Math.round(row.course)}°` },
    { id: 'address', label: t('reports.column.address'), render: (row) => place(row.address, row.latitude, row.longitude) },
  ], [t, format]);

  const actions = (
    <>
      <PageLink to={`${HISTORY_PATH}${carried}`} title={t('reports.pages.playback.title')} icon={<PlayCircleOutlineIcon />} />
      <PageLink to={`${GRAPHIC_PATH}${carried}`} title={t('reports.pages.graphic.title')} icon={<ShowChartIcon />} />
      <ExportButton kind="route" params={params} />
    </>
  );

  return (
    <ReportSheet title={t('reports.pages.route.title')} onBack={back} actions={actions}>
      <ReportFilterPanel filter={filter} scope="one-device" onApply={apply} />
      <ReportResults query={query} queryKey={queryKey} ready={params !== null} hint={t('reports.hint.oneDevice')} emptyText={t('reports.status.routeEmpty')}>
        {(rows) => <ReportTable columns={columns} rows={rows} rowKey={(row) => row.id} selected={selected?.id} onSelect={(row) => setChosen(row)} />}
      </ReportResults>
      {query.data && query.data.length > 0 && <RouteOnMap positions={query.data} />}
      {selected && <CurrentPosition longitude={selected.longitude} latitude={selected.latitude} course={selected.course} />}
    </ReportSheet>
  );
}
