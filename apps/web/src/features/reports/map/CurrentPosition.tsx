import { useEffect, useId } from 'react';
import { useTheme } from '@mui/material/styles';
import type { Feature } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useMapInstance } from '../../../app/mapInstance.ts';
import { arrowImage } from './canvasImages.ts';
import { layerId, removeFromMap } from './mapLayers.ts';

interface CurrentPositionProps {
  longitude: number;
  latitude: number;
  /** Degrees from north. */
  course: number;
}

function point({ longitude, latitude, course }: CurrentPositionProps): Feature {
  return { type: 'Feature', properties: { course }, geometry: { type: 'Point', coordinates: [longitude, latitude] } };
}

/** The vehicle being played back: a ring with an arrow turned to its course. */
export function CurrentPosition(props: CurrentPositionProps) {
  const map = useMapInstance();
  const theme = useTheme();
  const id = useId();
  const source = layerId(id, 'current');
  const arrow = layerId(id, 'current-arrow');

  useEffect(() => {
    if (!map) return;
    const ratio = window.devicePixelRatio;
    map.addSource(source, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addImage(arrow, arrowImage(18, theme.palette.secondary.main, ratio), { pixelRatio: ratio });
    map.addLayer({
      id: source,
      type: 'circle',
      source,
      paint: {
        'circle-radius': 14,
        'circle-color': '#ffffff',
        'circle-opacity': 0.9,
        'circle-stroke-color': theme.palette.secondary.main,
        'circle-stroke-width': 3,
      },
    });
    map.addLayer({
      id: arrow,
      type: 'symbol',
      source,
      layout: {
        'icon-image': arrow,
        'icon-rotate': ['get', 'course'],
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    });
    return () => removeFromMap(map, [arrow, source], [source], [arrow]);
  }, [map, theme, source, arrow]);

  const { longitude, latitude, course } = props;
  useEffect(() => {
    map?.getSource<GeoJSONSource>(source)?.setData(point({ longitude, latitude, course }));
  }, [map, theme, source, longitude, latitude, course]);

  return null;
}
