import { useMemo } from 'react';
import type { ReportStop } from '@rastro/api';
import type { ColumnKit } from '../layout/columns.ts';
import type { Column } from '../layout/ReportTable.tsx';
import { TableReport } from '../layout/TableReport.tsx';
import { FitTo } from '../map/FitTo.tsx';
import { MARKER_COLORS } from '../map/markerColors.ts';
import { PointMarkers } from '../map/PointMarkers.tsx';

const stopKey = (stop: ReportStop) => `${stop.deviceId}-${stop.startTime}`;

const columns = ({ shared }: ColumnKit): Column<ReportStop>[] => [
  shared.device,
  shared.start,
  shared.end,
  shared.duration,
  shared.address,
  shared.engineHours,
  shared.spentFuel,
];

function StopOnMap({ stop }: { stop: ReportStop }) {
  const points = useMemo(() => [{ longitude: stop.longitude, latitude: stop.latitude, color: MARKER_COLORS.stop }], [stop]);
  const fit = useMemo((): [number, number][] => [[stop.longitude, stop.latitude]], [stop]);
  return (
    <>
      <PointMarkers points={points} radius={9} />
      <FitTo coordinates={fit} />
    </>
  );
}

/** /reports/stops: where and how long each device stood still; the stop chosen is marked on the map. */
export default function StopsReport() {
  return <TableReport kind="stops" columns={columns} rowKey={stopKey} drawChosen={(stop) => <StopOnMap stop={stop} />} />;
}
