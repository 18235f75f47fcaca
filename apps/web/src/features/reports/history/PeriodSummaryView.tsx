import { useTranslation } from 'react-i18next';
import type { ReportFormat } from '../format/useReportFormat.ts';
import { DetailList } from './DetailList.tsx';
import type { PeriodSummary } from './periodSummary.ts';

export function PeriodSummaryView({ summary, format }: { summary: PeriodSummary; format: ReportFormat }) {
  const { t } = useTranslation();
  return (
    <DetailList
      testId="playback-summary"
      items={[
        [t('reports.column.distance'), format.distance(summary.distance)],
        [t('reports.playback.moving'), format.duration(summary.movingMs)],
        [t('reports.playback.stopped'), format.duration(summary.stoppedMs)],
        [t('reports.column.maxSpeed'), format.speed(summary.maxSpeed)],
        [t('reports.playback.averageMoving'), format.speed(summary.averageSpeed)],
      ]}
    />
  );
}
