import { useMemo } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { getPosition, type ReportEvent } from '../../../api/reports.ts';
import { FitTo } from '../map/FitTo.tsx';
import { MARKER_COLORS } from '../map/markerColors.ts';
import { PointMarkers, type MarkerPoint } from '../map/PointMarkers.tsx';

/** Where an event happened, if it had a position: the report places each (an older server only gives the position's id). */
function useEventPoint(event: ReportEvent, color: string): MarkerPoint[] {
  const { latitude, longitude, positionId } = event;
  const placed = latitude !== undefined && longitude !== undefined;
  const position = useQuery({
    queryKey: ['position', positionId],
    queryFn: !placed && positionId > 0 ? ({ signal }) => getPosition(positionId, signal) : skipToken,
    staleTime: Infinity,
  }).data;
  return useMemo(() => {
    if (latitude !== undefined && longitude !== undefined) return [{ longitude, latitude, color }];
    return position ? [{ longitude: position.longitude, latitude: position.latitude, color }] : [];
  }, [latitude, longitude, position, color]);
}

/** The chosen event, picked out where it happened (events of no position, such as going offline, have no place). */
export function EventOnMap({ event }: { event: ReportEvent }) {
  const points = useEventPoint(event, MARKER_COLORS.end);
  const fit = useMemo(() => points.map((point): [number, number] => [point.longitude, point.latitude]), [points]);
  if (!points.length) return null;
  return (
    <>
      <PointMarkers points={points} radius={10} />
      <FitTo coordinates={fit} />
    </>
  );
}

/** Every event of the report that has a place, marked where it happened. */
export function EventMarkers({ events }: { events: readonly ReportEvent[] }) {
  const points = useMemo(
    (): MarkerPoint[] =>
      events.flatMap((event) =>
        event.latitude !== undefined && event.longitude !== undefined ? [{ longitude: event.longitude, latitude: event.latitude, color: MARKER_COLORS.event }] : [],
      ),
    [events],
  );
  return <PointMarkers points={points} />;
}
