import { useCallback, useEffect, useRef } from 'react';
import { useTheme } from '@mui/material/styles';
import type { Position } from '@rastro/api';
import type { FeatureCollection, LineString } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { liveStore } from '../../api/liveStore.ts';
import { useMapInstance } from '../../state/mapInstance.ts';
import { useMapModes } from '../../state/mapModes.ts';
import { useMapLayers, type MapDrawing } from '../../ui/useMapLayers.ts';

const SOURCE = 'trails';
/** Points kept per trail; older ones fall off the tail. */
const MAX_POINTS = 1000;

type Trails = Map<number, [number, number][]>;

/** Adds the live position to its device's trail unless it repeats the last point; true when it grew. */
export function extendTrail(trails: Trails, position: Position): boolean {
  const points = trails.get(position.deviceId);
  if (!points) return false;
  const last = points[points.length - 1];
  if (last && last[0] === position.longitude && last[1] === position.latitude) return false;
  points.push([position.longitude, position.latitude]);
  if (points.length > MAX_POINTS) points.splice(0, points.length - MAX_POINTS);
  return true;
}

function trailFeatures(trails: Trails): FeatureCollection<LineString> {
  return {
    type: 'FeatureCollection',
    features: [...trails].filter(([, points]) => points.length > 1).map(([deviceId, coordinates]) => ({
      type: 'Feature',
      properties: { deviceId },
      geometry: { type: 'LineString', coordinates },
    })),
  };
}

/** Trail mode (spec §4): the path each trailed device drives from the moment its trail is switched on. */
export function TrailLayer() {
  const map = useMapInstance();
  const theme = useTheme();
  const { trails: trailed } = useMapModes();
  // kept across changes of the set, so switching one trail on leaves the others' paths in place
  const kept = useRef<Trails>(new Map());

  const color = theme.palette.secondary.main;

  // a trail switched off is forgotten, also while no trail is drawn
  useEffect(() => {
    const trails = kept.current;
    for (const deviceId of trails.keys()) if (!trailed.has(deviceId)) trails.delete(deviceId);
  }, [trailed]);

  const draw = useCallback(
    ({ map, source, layer }: MapDrawing) => {
      const trails = kept.current;
      const { positions } = liveStore.getState();
      trailed.forEach((deviceId) => {
        if (!trails.has(deviceId)) trails.set(deviceId, []);
        const position = positions.get(deviceId);
        if (position) extendTrail(trails, position);
      });
      source(SOURCE, { type: 'geojson', data: trailFeatures(trails) });
      layer({
        id: SOURCE,
        type: 'line',
        source: SOURCE,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': color, 'line-width': 4, 'line-opacity': 0.85 },
      });
      let seen = positions;
      return liveStore.subscribe(() => {
        const current = liveStore.getState().positions;
        if (current === seen) return;
        seen = current;
        let grew = false;
        trailed.forEach((deviceId) => {
          const position = current.get(deviceId);
          if (position) grew = extendTrail(trails, position) || grew;
        });
        if (grew) map.getSource<GeoJSONSource>(SOURCE)?.setData(trailFeatures(trails));
      });
    },
    [trailed, color],
  );
  useMapLayers(map, trailed.size > 0 ? draw : null);

  return null;
}
