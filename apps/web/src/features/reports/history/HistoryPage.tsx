import { useTranslation } from 'react-i18next';
import { ReportFrame } from '../layout/ReportFrame.tsx';
import { useReportErrorText } from '../layout/useReportErrorText.ts';
import { useReport, useReportPage } from '../useReportRun.ts';
import { Player } from './Player.tsx';

/** /history: playback of one device's route over a period, with its stops and a summary of the period. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const errorText = useReportErrorText();
  const route = useReportPage('route', 'one-device');
  const { params, run } = route;
  const stops = useReport('stops', params, run).query;
  // one row for the whole period, whatever a carried link says
  const summary = useReport('summary', params && { ...params, daily: false }, run).query;

  return (
    <ReportFrame page={route} title={t('reports.pages.playback.title')} siblings={['graphic']}>
      {(positions) => (
        <Player
          key={route.query.dataUpdatedAt}
          route={positions}
          stops={stops.data ?? null}
          summary={summary.data?.[0] ?? null}
          stopsError={stops.isError ? errorText(stops.error) : null}
        />
      )}
    </ReportFrame>
  );
}
