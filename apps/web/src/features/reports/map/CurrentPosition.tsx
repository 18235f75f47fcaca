import { useCallback, useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import type { Feature } from 'geojson';
import { useMapInstance } from '../../../state/mapInstance.ts';
import { useMapLayers, useSourceData, type MapDrawing } from '../../../ui/useMapLayers.ts';
import { arrowImage } from './canvasImages.ts';
import { useLayerIds } from './mapLayers.ts';

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
  const color = useTheme().palette.secondary.main;
  const [source, arrow] = useLayerIds('current', 'current-arrow');

  const draw = useCallback(
    (drawing: MapDrawing) => {
      drawing.source(source, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      drawing.image(arrow, (ratio) => arrowImage(18, color, ratio));
      drawing.layer({
        id: source,
        type: 'circle',
        source,
        paint: {
          'circle-radius': 14,
          'circle-color': '#ffffff',
          'circle-opacity': 0.9,
          'circle-stroke-color': color,
          'circle-stroke-width': 3,
        },
      });
      drawing.layer({
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
    },
    [source, arrow, color],
  );
  const { longitude, latitude, course } = props;
  const data = useMemo(() => point({ longitude, latitude, course }), [longitude, latitude, course]);
  useSourceData(useMapLayers(map, draw), source, data);

  return null;
}
