import { useMemo } from 'react';
import type { ReportTrip } from '@rastro/api';
import { FitTo } from '../map/FitTo.tsx';
import { MARKER_COLORS } from '../map/markerColors.ts';
import { PointMarkers } from '../map/PointMarkers.tsx';
import { routeCoordinates } from '../map/routeCoordinates.ts';
import { RouteLine } from '../map/RouteLine.tsx';
import { useReport } from '../useReportRun.ts';

/**
 * A trip drawn on the map: its route (the positions between its start and end) with start and end
 * markers. Without the route (a server lacking the route report) the two markers remain.
 */
export function TripOnMap({ trip }: { trip: ReportTrip }) {
  const params = useMemo(
    () => ({ deviceIds: [trip.deviceId], groupIds: [], from: trip.startTime, to: trip.endTime }),
    [trip.deviceId, trip.startTime, trip.endTime],
  );
  const route = useReport('route', params, 0).query.data;
  const ends = useMemo(
    () => [
      { longitude: trip.startLon, latitude: trip.startLat, color: MARKER_COLORS.start },
      { longitude: trip.endLon, latitude: trip.endLat, color: MARKER_COLORS.end },
    ],
    [trip.startLon, trip.startLat, trip.endLon, trip.endLat],
  );
  const line = useMemo(() => routeCoordinates(route ?? []), [route]);
  const fit = useMemo(() => (line.length ? line : routeCoordinates(ends)), [line, ends]);

  return (
    <>
      {line.length > 1 && <RouteLine coordinates={line} />}
      <PointMarkers points={ends} />
      <FitTo coordinates={fit} />
    </>
  );
}
