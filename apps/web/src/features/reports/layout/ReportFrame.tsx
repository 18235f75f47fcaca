import type { ReactNode } from 'react';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { useTranslation } from 'react-i18next';
import { hasSpreadsheet, type ReportKind, type ReportRows } from '../../../api/reports.ts';
import type { Draft } from '../filters/draft.ts';
import { sharedSearch } from '../filters/reportFilter.ts';
import { ReportFilterPanel } from '../filters/ReportFilterPanel.tsx';
import { GRAPHIC_PATH, HISTORY_PATH } from '../reportPages.ts';
import type { ReportPage } from '../useReportRun.ts';
import { ExportButton } from './ExportButton.tsx';
import { PageLink } from './PageLink.tsx';
import { ReportResults } from './ReportResults.tsx';
import { ReportSheet } from './ReportSheet.tsx';

/** The pages that show one device's route otherwise, opened from each other on the same device and period. */
const SIBLINGS = {
  playback: { path: HISTORY_PATH, icon: <PlayCircleOutlineIcon /> },
  graphic: { path: GRAPHIC_PATH, icon: <ShowChartIcon /> },
};
export type SiblingPage = keyof typeof SIBLINGS;

interface ReportFrameProps<K extends ReportKind> {
  page: ReportPage<K>;
  title: string;
  /** Beside the export button. */
  siblings?: SiblingPage[];
  /** Fields of this report in the filter (event types, daily rows). */
  extras?: (draft: Draft, change: (patch: Partial<Draft>) => void) => ReactNode;
  /** The rows, once the report has them. */
  children: (rows: ReportRows[K][]) => ReactNode;
  /** What the page draws on the map beside its rows. */
  map?: ReactNode;
}

/**
 * The skeleton every report page shares: its sheet (back, sibling pages, export), the filter of
 * the URL, and the run's rows or what stands in their place (hint, progress, error, empty).
 */
export function ReportFrame<K extends ReportKind>({ page, title, siblings = [], extras, children, map }: ReportFrameProps<K>) {
  const { t } = useTranslation();
  const carried = sharedSearch(page.search);
  // a one-device report is that device's route
  const oneDevice = page.scope === 'one-device';
  const actions = (
    <>
      {siblings.map((sibling) => (
        <PageLink key={sibling} to={`${SIBLINGS[sibling].path}${carried}`} title={t(`reports.pages.${sibling}.title`)} icon={SIBLINGS[sibling].icon} />
      ))}
      {hasSpreadsheet(page.kind) && <ExportButton kind={page.kind} params={page.params} />}
    </>
  );

  return (
    <ReportSheet title={title} onBack={page.back} actions={actions}>
      <ReportFilterPanel filter={page.filter} scope={page.scope} onApply={page.apply} extras={extras} />
      <ReportResults
        query={page.query}
        queryKey={page.queryKey}
        ready={page.params !== null}
        hint={oneDevice ? t('reports.hint.oneDevice') : t('reports.hint.devicesOrGroups')}
        emptyText={oneDevice ? t('reports.status.routeEmpty') : t('reports.status.noData')}
      >
        {children}
      </ReportResults>
      {map}
    </ReportSheet>
  );
}
