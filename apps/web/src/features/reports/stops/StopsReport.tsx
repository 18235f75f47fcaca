import { useMemo } from 'react';
import type { ReportStop } from '@rastro/api';
import type { ColumnKit } from '../layout/columns.ts';
import type { Column } from '../layout/ReportTable.tsx';
import { TableReport } from '../layout/TableReport.tsx';
import { FitTo } from '../map/FitTo.tsx';
import { FleetRoutes } from '../map/FleetRoutes.tsx';
import { MARKER_COLORS } from '../map/markerColors.ts';
import { PointMarkers } from '../map/PointMarkers.tsx';

const stopKey = (stop: ReportStop) => `${stop.deviceId}-${stop.startTime}`;

const columns = ({ onPhone, shared }: ColumnKit): Column<ReportStop>[] => [
  shared.device,
  shared.start,
  shared.end,
  shared.duration,
  shared.address,
  // a phone's card keeps where, when and how long
  onPhone(shared.engineHours, 'hide'),
  onPhone(shared.spentFuel, 'hide'),
];

function StopOnMap({ stop }: { stop: ReportStop }) {
  const points = useMemo(() => [{ longitude: stop.longitude, latitude: stop.latitude, color: MARKER_COLORS.end }], [stop]);
  const fit = useMemo((): [number, number][] => [[stop.longitude, stop.latitude]], [stop]);
  return (
    <>
      <PointMarkers points={points} radius={10} />
      <FitTo coordinates={fit} />
    </>
  );
}

/** Every stop of the report, marked where it was. */
function StopsOnMap({ stops }: { stops: readonly ReportStop[] }) {
  const points = useMemo(() => stops.map((stop) => ({ longitude: stop.longitude, latitude: stop.latitude, color: MARKER_COLORS.stop })), [stops]);
  return <PointMarkers points={points} radius={8} />;
}

/** /reports/stops: where and how long each device stood still, on its route; the stop chosen is picked out and the map moves there. */
export default function StopsReport() {
  return (
    <TableReport
      kind="stops"
      columns={columns}
      rowKey={stopKey}
      drawAll={(stops, { params, chosen }) => (
        <>
          <FleetRoutes params={params} muted={chosen} />
          <StopsOnMap stops={stops} />
        </>
      )}
      drawChosen={(stop) => <StopOnMap stop={stop} />}
    />
  );
}
