import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { useTranslation } from 'react-i18next';
import { sharedSearch } from '../filters/reportFilter.ts';
import { ReportFilterPanel } from '../filters/ReportFilterPanel.tsx';
import { ExportButton } from '../layout/ExportButton.tsx';
import { ReportResults } from '../layout/ReportResults.tsx';
import { ReportSheet } from '../layout/ReportSheet.tsx';
import { HISTORY_PATH } from '../reportPages.ts';
import { useBackToReports, useReport, useReportFilter } from '../useReportRun.ts';
import { RouteChart } from './RouteChart.tsx';
import { PageLink } from '../layout/PageLink.tsx';

/** The chosen quantity travels in the URL with the filter, so a chart can be linked too. */
const ATTRIBUTE_KEY = 'attribute';

/**
 * /reports/graphic?deviceId=…: a device's speed, fuel, battery, power or any numeric attribute
 * of its positions over the period, as a chart (device details link here).
 */
export default function GraphicPage() {
  const { t } = useTranslation();
  const back = useBackToReports();
  const { filter, params, run, apply, search, setSearch } = useReportFilter('one-device');
  const { query, queryKey } = useReport('route', params, run);
  const attribute = search.get(ATTRIBUTE_KEY) ?? 'speed';

  const chooseAttribute = (key: string) => {
    const next = new URLSearchParams(search);
    next.set(ATTRIBUTE_KEY, key);
    setSearch(next, { replace: true });
  };

  const actions = (
    <>
      <PageLink to={`${HISTORY_PATH}${sharedSearch(search)}`} title={t('reports.pages.playback.title')} icon={<PlayCircleOutlineIcon />} />
      <ExportButton kind="route" params={params} />
    </>
  );

  return (
    <ReportSheet title={t('reports.pages.graphic.title')} onBack={back} actions={actions}>
      <ReportFilterPanel filter={filter} scope="one-device" onApply={apply} />
      <ReportResults query={query} queryKey={queryKey} ready={params !== null} hint={t('reports.hint.oneDevice')} emptyText={t('reports.status.routeEmpty')}>
        {(route) => <RouteChart route={route} attribute={attribute} onAttribute={chooseAttribute} />}
      </ReportResults>
    </ReportSheet>
  );
}
