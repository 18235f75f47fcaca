import { useMemo } from 'react';
import type { ReportCombined } from '@rastro/api';
import { FitTo } from '../map/FitTo.tsx';
import { MARKER_COLORS } from '../map/markerColors.ts';
import { PointMarkers } from '../map/PointMarkers.tsx';
import { RouteLine } from '../map/RouteLine.tsx';
import type { CombinedRow } from './rows.ts';

interface CombinedOnMapProps {
  items: readonly ReportCombined[];
  rows: readonly CombinedRow[];
  chosen: CombinedRow | null;
}

/** Every device's route, a marker where each event happened, and the chosen event picked out; the map fits the routes, or the chosen event. */
export function CombinedOnMap({ items, rows, chosen }: CombinedOnMapProps) {
  const events = useMemo(
    () => rows.flatMap((row) => (row.position ? [{ longitude: row.position.longitude, latitude: row.position.latitude, color: MARKER_COLORS.point }] : [])),
    [rows],
  );
  const picked = useMemo(
    () => (chosen?.position ? [{ longitude: chosen.position.longitude, latitude: chosen.position.latitude, color: MARKER_COLORS.end }] : []),
    [chosen],
  );
  const fit = useMemo(
    (): [number, number][] => (picked.length ? picked.map((point) => [point.longitude, point.latitude]) : items.flatMap((item) => item.route)),
    [picked, items],
  );
  return (
    <>
      {items.map((item) => item.route.length > 1 && <RouteLine key={item.deviceId} coordinates={item.route} />)}
      <PointMarkers points={events} />
      {picked.length > 0 && <PointMarkers points={picked} radius={10} />}
      <FitTo coordinates={fit} />
    </>
  );
}
