import { useEffect, useEffectEvent } from 'react';
import type { MapMouseEvent } from 'maplibre-gl';
import { useMapInstance } from '../../../state/mapInstance.ts';

interface NearestPointClickProps {
  /** [lon, lat] pairs. */
  coordinates: readonly [number, number][];
  /** Called with the index of the point nearest a click, when it is within reach. */
  onPick: (index: number) => void;
}

/** How far from a point (in screen pixels) a click still picks it. */
const REACH_PX = 16;

/**
 * Clicking on or beside a route picks its nearest position, at any zoom: the points themselves
 * are too small to aim at until the map is zoomed in.
 */
export function NearestPointClick({ coordinates, onPick }: NearestPointClickProps) {
  const map = useMapInstance();
  const pick = useEffectEvent((event: MapMouseEvent) => {
    if (!map) return;
    let best = -1;
    let bestDistance = REACH_PX * REACH_PX;
    coordinates.forEach((coordinate, index) => {
      const point = map.project(coordinate);
      const distance = (point.x - event.point.x) ** 2 + (point.y - event.point.y) ** 2;
      if (distance <= bestDistance) {
        best = index;
        bestDistance = distance;
      }
    });
    if (best >= 0) onPick(best);
  });

  useEffect(() => {
    if (!map) return;
    const onClick = (event: MapMouseEvent) => pick(event);
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map]);

  return null;
}
