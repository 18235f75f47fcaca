import { useEffect, useId } from 'react';
import { useTheme } from '@mui/material/styles';
import type { Feature } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useMapInstance } from '../../../app/mapInstance.ts';
import { chevronImage } from './canvasImages.ts';
import { layerId, removeFromMap } from './mapLayers.ts';

interface RouteLineProps {
  /** [lon, lat] pairs in travel order. */
  coordinates: readonly [number, number][];
}

function line(coordinates: readonly [number, number][]): Feature {
  return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: coordinates.map(([lon, lat]) => [lon, lat]) } };
}

/** A route as a line with arrows along it in the direction of travel. */
export function RouteLine({ coordinates }: RouteLineProps) {
  const map = useMapInstance();
  const theme = useTheme();
  const id = useId();
  const source = layerId(id, 'route');
  const arrows = layerId(id, 'route-arrows');

  useEffect(() => {
    if (!map) return;
    const color = theme.palette.primary.main;
    const ratio = window.devicePixelRatio;
    map.addSource(source, { type: 'geojson', data: line([]) });
    map.addImage(arrows, chevronImage(12, '#ffffff', ratio), { pixelRatio: ratio });
    map.addLayer({
      id: source,
      type: 'line',
      source,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': color, 'line-width': 6, 'line-opacity': 0.85 },
    });
    map.addLayer({
      id: arrows,
      type: 'symbol',
      source,
      layout: {
        'symbol-placement': 'line',
        'symbol-spacing': 60,
        'icon-image': arrows,
        // the image points north; along a line 0° is the line's direction, which points east
        'icon-rotate': 90,
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    });
    return () => removeFromMap(map, [arrows, source], [source], [arrows]);
  }, [map, theme, source, arrows]);

  useEffect(() => {
    map?.getSource<GeoJSONSource>(source)?.setData(line(coordinates));
  }, [map, theme, source, coordinates]);

  return null;
}
