import { useMemo } from 'react';
import type { ReportParams } from '../../../api/reports.ts';
import { useReport } from '../useReportRun.ts';
import { FitTo } from './FitTo.tsx';
import { RouteLine } from './RouteLine.tsx';

interface FleetRoutesProps {
  /** The report's devices, groups and period. */
  params: ReportParams;
  /** A row is picked out over the routes: they stay as its grey background. */
  muted: boolean;
}

/**
 * The route of each of a report's devices over its period, one line each, with the map fitted to
 * them (spec §2: each report shows its route on the map). The routes come from the combined
 * report, whose answer carries them as bare [lon, lat] pairs, lighter than the route report's
 * positions.
 */
export function FleetRoutes({ params, muted }: FleetRoutesProps) {
  // only what the routes depend on, so reports of the same devices and period share them
  const routeParams = useMemo(
    (): ReportParams => ({ deviceIds: params.deviceIds, groupIds: params.groupIds, from: params.from, to: params.to }),
    [params.deviceIds, params.groupIds, params.from, params.to],
  );
  const items = useReport('combined', routeParams, 0).query.data;
  const fit = useMemo(() => (items ?? []).flatMap((item) => item.route), [items]);
  if (!items) return null;
  return (
    <>
      {items.map((item) => item.route.length > 1 && <RouteLine key={item.deviceId} coordinates={item.route} muted={muted} />)}
      <FitTo coordinates={fit} />
    </>
  );
}
