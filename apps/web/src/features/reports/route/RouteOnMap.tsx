import { useMemo } from 'react';
import type { Position } from '@rastro/api';
import { FitTo } from '../map/FitTo.tsx';
import { MARKER_COLORS } from '../map/markerColors.ts';
import { PointMarkers } from '../map/PointMarkers.tsx';
import { routeCoordinates } from '../map/routeCoordinates.ts';
import { RouteLine } from '../map/RouteLine.tsx';

/** A whole route: the line, its first and last positions, and the map fitted to it. */
export function RouteOnMap({ positions }: { positions: readonly Position[] }) {
  const line = useMemo(() => routeCoordinates(positions), [positions]);
  const ends = useMemo(() => {
    const first = positions[0];
    const last = positions[positions.length - 1];
    return first
      ? [
          { longitude: first.longitude, latitude: first.latitude, color: MARKER_COLORS.start },
          { longitude: last.longitude, latitude: last.latitude, color: MARKER_COLORS.end },
        ]
      : [];
  }, [positions]);
  return (
    <>
      <RouteLine coordinates={line} />
      <PointMarkers points={ends} />
      <FitTo coordinates={line} />
    </>
  );
}
