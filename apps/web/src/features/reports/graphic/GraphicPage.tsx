import { useTranslation } from 'react-i18next';
import { ReportFrame } from '../layout/ReportFrame.tsx';
import { useReportPage } from '../useReportRun.ts';
import { RouteChart } from './RouteChart.tsx';

/** The chosen quantity travels in the URL with the filter, so a chart can be linked too. */
const ATTRIBUTE_KEY = 'attribute';

/**
 * /reports/graphic?deviceId=…: a device's speed, fuel, battery, power or any numeric attribute
 * of its positions over the period, as a chart (device details link here).
 */
export default function GraphicPage() {
  const { t } = useTranslation();
  const page = useReportPage('route', 'one-device');
  const { search, setSearch } = page;
  const attribute = search.get(ATTRIBUTE_KEY) ?? 'speed';

  const chooseAttribute = (key: string) => {
    const next = new URLSearchParams(search);
    next.set(ATTRIBUTE_KEY, key);
    setSearch(next, { replace: true });
  };

  return (
    <ReportFrame page={page} title={t('reports.pages.graphic.title')} siblings={['playback']}>
      {(route) => <RouteChart route={route} attribute={attribute} onAttribute={chooseAttribute} />}
    </ReportFrame>
  );
}
