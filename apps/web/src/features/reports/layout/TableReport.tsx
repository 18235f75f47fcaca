import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportKind, ReportParams, ReportRows } from '../../../api/reports.ts';
import type { Draft } from '../filters/draft.ts';
import type { Scope } from '../filters/reportFilter.ts';
import { useReportFormat } from '../format/useReportFormat.ts';
import { useReportPage, type AdjustParams } from '../useReportRun.ts';
import { columnKit, type ColumnKit } from './columns.ts';
import { ReportFrame, type SiblingPage } from './ReportFrame.tsx';
import { ReportTable, type Column } from './ReportTable.tsx';

interface TableReportProps<K extends ReportKind> {
  kind: K;
  scope?: Scope;
  /** Made again when the language or the units change; a stable function (module level, useCallback). */
  columns: (kit: ColumnKit) => Column<ReportRows[K]>[];
  rowKey: (row: ReportRows[K], index: number) => string | number;
  siblings?: SiblingPage[];
  extras?: (draft: Draft, change: (patch: Partial<Draft>) => void) => ReactNode;
  /** Makes rows choosable: what draws the chosen row on the map. */
  drawChosen?: (row: ReportRows[K]) => ReactNode;
  /** What draws all the rows on the map (a route), knowing the run's parameters and whether a row is chosen (drawn over it). */
  drawAll?: (rows: ReportRows[K][], run: { params: ReportParams; chosen: boolean }) => ReactNode;
  /** Completes the parameters before the report runs (a stable function). */
  adjustParams?: AdjustParams;
}

/** A report shown as a table, titled by its kind: the page gives its columns and what to draw; the frame does the rest. */
export function TableReport<K extends ReportKind>({ kind, scope = 'devices-or-groups', columns, rowKey, siblings, extras, drawChosen, drawAll, adjustParams }: TableReportProps<K>) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const shown = useMemo(() => columns(columnKit(t, format)), [columns, t, format]);
  const page = useReportPage(kind, scope, adjustParams);
  const rows = page.query.data;
  const [chosen, setChosen] = useState<ReportRows[K] | null>(null);
  // a row of an earlier run is no longer in the table
  const selected = chosen && rows?.includes(chosen) ? chosen : null;

  const map = (
    <>
      {rows && rows.length > 0 && page.params && drawAll?.(rows, { params: page.params, chosen: selected !== null })}
      {selected && drawChosen?.(selected)}
    </>
  );
  return (
    <ReportFrame page={page} title={t(`reports.pages.${kind}.title`)} siblings={siblings} extras={extras} map={map}>
      {(all) => (
        <ReportTable
          columns={shown}
          rows={all}
          rowKey={rowKey}
          selected={selected && rowKey(selected, all.indexOf(selected))}
          onSelect={drawChosen && ((row: ReportRows[K]) => setChosen(row))}
        />
      )}
    </ReportFrame>
  );
}
