import { useMemo } from 'react';
import type { ReportSummary } from '@rastro/api';
import { RouteOnMap } from '../route/RouteOnMap.tsx';
import { useReport } from '../useReportRun.ts';

/** A summary row on the map: its device's route over the row's period (a day with per-day rows), where the map moves. */
export function SummaryRowOnMap({ row }: { row: ReportSummary }) {
  const params = useMemo(
    () => ({ deviceIds: [row.deviceId], groupIds: [], from: row.startTime, to: row.endTime }),
    [row.deviceId, row.startTime, row.endTime],
  );
  const route = useReport('route', params, 0).query.data;
  if (!route?.length) return null;
  return <RouteOnMap positions={route} />;
}
