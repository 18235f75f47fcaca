import { useEffect, useId } from 'react';
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useMapInstance } from '../../../app/mapInstance.ts';
import { layerId, removeFromMap } from './mapLayers.ts';

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
  const id = layerId(useId(), 'points');

  useEffect(() => {
    if (!map) return;
    map.addSource(id, { type: 'geojson', data: collection([]) });
    map.addLayer({
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
    return () => removeFromMap(map, [id], [id]);
  }, [map, id, radius, minZoom]);

  useEffect(() => {
    map?.getSource<GeoJSONSource>(id)?.setData(collection(points));
  }, [map, id, radius, minZoom, points]);

  return null;
}
