import { useCallback, useEffect, useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import type { Feature } from 'geojson';
import { useMapInstance } from '../../../state/mapInstance.ts';
import { useMapLayers, useSourceData, type MapDrawing } from '../../../ui/useMapLayers.ts';
import { chevronImage } from './canvasImages.ts';
import { useLayerIds } from './mapLayers.ts';

interface RouteLineProps {
  /** [lon, lat] pairs in travel order. */
  coordinates: readonly [number, number][];
  /** Drawn grey and thinner: a background to a route picked out over it. */
  muted?: boolean;
}

function line(coordinates: readonly [number, number][]): Feature {
  return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: coordinates.map(([lon, lat]) => [lon, lat]) } };
}

/** A route as a line with arrows along it in the direction of travel. */
export function RouteLine({ coordinates, muted = false }: RouteLineProps) {
  const map = useMapInstance();
  const palette = useTheme().palette;
  const color = muted ? palette.grey[500] : palette.primary.main;
  const width = muted ? 4 : 6;
  const [source, arrows] = useLayerIds('route', 'route-arrows');

  const draw = useCallback(
    (drawing: MapDrawing) => {
      drawing.source(source, { type: 'geojson', data: line([]) });
      drawing.image(arrows, (ratio) => chevronImage(12, '#ffffff', ratio));
      drawing.layer({
        id: source,
        type: 'line',
        source,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-opacity': 0.85 },
      });
      drawing.layer({
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
    },
    [source, arrows],
  );
  const data = useMemo(() => line(coordinates), [coordinates]);
  const drawn = useMapLayers(map, draw);
  useSourceData(drawn, source, data);
  // muting repaints the line where it is: drawn again, it would cover the route picked out over it
  useEffect(() => {
    if (!map || !drawn || !map.getLayer(source)) return;
    map.setPaintProperty(source, 'line-color', color);
    map.setPaintProperty(source, 'line-width', width);
  }, [map, drawn, source, color, width]);

  return null;
}
