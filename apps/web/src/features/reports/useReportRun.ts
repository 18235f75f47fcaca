import { useMemo, useState } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { getReport, type ReportKind, type ReportParams } from '../../api/reports.ts';
import { periodRange } from './filters/period.ts';
import { isComplete, parseFilter, scopedFilter, sharedSearch, writeFilter, type ReportFilter, type Scope } from './filters/reportFilter.ts';
import { useReportFormat } from './format/useReportFormat.ts';
import { REPORTS_PATH } from './reportPages.ts';

/** A finished report stays fresh for a while, so going back and forth between reports does not run it again. */
const REPORT_STALE_MS = 5 * 60_000;

/**
 * The filter of the page's URL and the report parameters it resolves to (null until it names what
 * the report needs). `apply` writes a filter to the URL; each apply runs the report anew, also
 * unchanged (a "today" report then shows what arrived since).
 */
export function useReportFilter(scope: Scope) {
  const [search, setSearch] = useSearchParams();
  const { timeZone } = useReportFormat();
  const [run, setRun] = useState(0);
  // when the report last ran (the page opened, then each apply): a preset ("today") resolves against it
  const [ranAt, setRanAt] = useState(() => Date.now());
  const key = search.toString();
  const filter = useMemo(() => scopedFilter(parseFilter(new URLSearchParams(key)), scope), [key, scope]);
  const complete = isComplete(filter, scope);

  const params = useMemo((): ReportParams | null => {
    if (!complete) return null;
    const range = periodRange(filter.period, ranAt, timeZone);
    return {
      deviceIds: filter.deviceIds,
      groupIds: filter.groupIds,
      from: new Date(range.from).toISOString(),
      to: new Date(range.to).toISOString(),
      daily: filter.daily,
      types: filter.types,
      alarms: filter.alarms,
      geofenceIds: filter.geofenceIds,
    };
  }, [complete, filter, timeZone, ranAt]);

  const apply = (next: ReportFilter) => {
    setSearch(writeFilter(next, search));
    setRun((count) => count + 1);
    setRanAt(Date.now());
  };

  return { filter, params, run, apply, search, setSearch };
}

/** The report's query and its key (to cancel it). */
export function useReport<K extends ReportKind>(kind: K, params: ReportParams | null, run: number) {
  const queryKey = ['reports', kind, params, run] as const;
  const query = useQuery({
    queryKey,
    queryFn: params ? ({ signal }) => getReport(kind, params, signal) : skipToken,
    staleTime: REPORT_STALE_MS,
  });
  return { query, queryKey };
}

/** Back to the report picker, carrying the devices and period to the next report. */
export function useBackToReports(): () => void {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return () => {
    void navigate(`${REPORTS_PATH}${sharedSearch(search)}`);
  };
}

/** Completes a report's parameters from what the page knows (the geofences "all" stands for); null waits. */
export type AdjustParams = (params: ReportParams) => ReportParams | null;

/**
 * Everything a report page runs on: the filter of its URL, its report, and the way back to the
 * picker. `adjust` (a stable function) completes the parameters before the report runs.
 */
export function useReportPage<K extends ReportKind>(kind: K, scope: Scope, adjust?: AdjustParams) {
  const back = useBackToReports();
  const filter = useReportFilter(scope);
  const params = useMemo(() => (filter.params && adjust ? adjust(filter.params) : filter.params), [filter.params, adjust]);
  const report = useReport(kind, params, filter.run);
  return { ...filter, params, ...report, kind, scope, back };
}

export type ReportPage<K extends ReportKind> = ReturnType<typeof useReportPage<K>>;
