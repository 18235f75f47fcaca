import { useMemo } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { getPosition } from '../../../api/reports.ts';
import { FitTo } from '../map/FitTo.tsx';
import { MARKER_COLORS } from '../map/markerColors.ts';
import { PointMarkers } from '../map/PointMarkers.tsx';

/** Where an event happened: events carry only a position id (0 for events of no position, such as going offline). */
export function EventOnMap({ positionId }: { positionId: number }) {
  const position = useQuery({
    queryKey: ['position', positionId],
    queryFn: positionId > 0 ? ({ signal }) => getPosition(positionId, signal) : skipToken,
    staleTime: Infinity,
  }).data;
  const points = useMemo(
    () => (position ? [{ longitude: position.longitude, latitude: position.latitude, color: MARKER_COLORS.point }] : []),
    [position],
  );
  const fit = useMemo(() => points.map((point): [number, number] => [point.longitude, point.latitude]), [points]);
  if (!points.length) return null;
  return (
    <>
      <PointMarkers points={points} radius={9} />
      <FitTo coordinates={fit} />
    </>
  );
}
