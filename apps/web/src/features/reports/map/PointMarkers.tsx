import { useCallback, useMemo } from 'react';
import type { FeatureCollection } from 'geojson';
import { useMapInstance } from '../../../state/mapInstance.ts';
import { useMapLayers, useSourceData, type MapDrawing } from '../../../ui/useMapLayers.ts';
import { useLayerIds } from './mapLayers.ts';

export interface MarkerPoint {
  longitude: number;
  latitude: number;
  color: string;
}

interface PointMarkersProps {
  points: readonly MarkerPoint[];
  radius?: number;
  /** Zoom below which the markers are not drawn. */
  minZoom?: number;
}

function collection(points: readonly MarkerPoint[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: points.map((point) => ({
      type: 'Feature',
      properties: { color: point.color },
      geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
    })),
  };
}

/** Round markers: where a trip starts and ends, a stop, an event, the points of a route. */
export function PointMarkers({ points, radius = 7, minZoom = 0 }: PointMarkersProps) {
  const map = useMapInstance();
  const [id] = useLayerIds('points');

  const draw = useCallback(
    (drawing: MapDrawing) => {
      drawing.source(id, { type: 'geojson', data: collection([]) });
      drawing.layer({
        id,
        type: 'circle',
        source: id,
        minzoom: minZoom,
        paint: {
          'circle-radius': radius,
          'circle-color': ['get', 'color'],
          'circle-stroke-color': '#ffffff',
          // small markers (every point of a route) are dots on the line, a white ring would hide it
          'circle-stroke-width': radius > 4 ? 2 : 0,
        },
      });
    },
    [id, radius, minZoom],
  );
  const data = useMemo(() => collection(points), [points]);
  useSourceData(useMapLayers(map, draw), id, data);

  return null;
}
