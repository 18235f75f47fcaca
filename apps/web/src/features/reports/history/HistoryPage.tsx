import ShowChartIcon from '@mui/icons-material/ShowChart';
import { useTranslation } from 'react-i18next';
import { sharedSearch } from '../filters/reportFilter.ts';
import { ReportFilterPanel } from '../filters/ReportFilterPanel.tsx';
import { ExportButton } from '../layout/ExportButton.tsx';
import { ReportResults } from '../layout/ReportResults.tsx';
import { ReportSheet } from '../layout/ReportSheet.tsx';
import { useReportErrorText } from '../layout/useReportErrorText.ts';
import { GRAPHIC_PATH } from '../reportPages.ts';
import { useBackToReports, useReport, useReportFilter } from '../useReportRun.ts';
import { Player } from './Player.tsx';
import { PageLink } from '../layout/PageLink.tsx';

/** /history: playback of one device's route over a period, with its stops and a summary of the period. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const back = useBackToReports();
  const errorText = useReportErrorText();
  const { filter, params, run, apply, search } = useReportFilter('one-device');
  const route = useReport('route', params, run);
  const stops = useReport('stops', params, run).query;
  // one row for the whole period, whatever a carried link says
  const summary = useReport('summary', params && { ...params, daily: false }, run).query;

  const actions = (
    <>
      <PageLink to={`${GRAPHIC_PATH}${sharedSearch(search)}`} title={t('reports.pages.graphic.title')} icon={<ShowChartIcon />} />
      <ExportButton kind="route" params={params} />
    </>
  );

  return (
    <ReportSheet title={t('reports.pages.playback.title')} onBack={back} actions={actions}>
      <ReportFilterPanel filter={filter} scope="one-device" onApply={apply} />
      <ReportResults
        query={route.query}
        queryKey={route.queryKey}
        ready={params !== null}
        hint={t('reports.hint.oneDevice')}
        emptyText={t('reports.status.routeEmpty')}
      >
        {(positions) => (
          <Player
            key={route.query.dataUpdatedAt}
            route={positions}
            stops={stops.data ?? null}
            summary={summary.data?.[0] ?? null}
            stopsError={stops.isError ? errorText(stops.error) : null}
          />
        )}
      </ReportResults>
    </ReportSheet>
  );
}
