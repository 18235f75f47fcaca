import { useCallback } from 'react';
import { useTheme } from '@mui/material/styles';
import { useMapInstance } from '../../../state/mapInstance.ts';
import { useMapLayers, type MapDrawing } from '../../../ui/useMapLayers.ts';
import { labelImage } from './canvasImages.ts';
import { useLayerIds } from './mapLayers.ts';

export interface StopMark {
  longitude: number;
  latitude: number;
  /** Drawn beside the stop, e.g. its duration. */
  label: string;
}

/** Stops as markers, each with its label (the map has no glyphs: labels are canvas images). */
export function StopMarkers({ stops }: { stops: readonly StopMark[] }) {
  const map = useMapInstance();
  const color = useTheme().palette.warning.dark;
  const [id, labels] = useLayerIds('stops', 'stops-labels');

  const draw = useCallback(
    (drawing: MapDrawing) => {
      const images = stops.map((stop, index) => {
        const image = `${id}-${index}`;
        drawing.image(image, (ratio) => labelImage(stop.label, color, ratio));
        return image;
      });
      drawing.source(id, {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: stops.map((stop, index) => ({
            type: 'Feature',
            properties: { image: images[index] },
            geometry: { type: 'Point', coordinates: [stop.longitude, stop.latitude] },
          })),
        },
      });
      drawing.layer({
        id,
        type: 'circle',
        source: id,
        paint: { 'circle-radius': 7, 'circle-color': color, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      });
      drawing.layer({
        id: labels,
        type: 'symbol',
        source: id,
        layout: {
          'icon-image': ['get', 'image'],
          'icon-anchor': 'bottom',
          'icon-offset': [0, -10],
          'icon-allow-overlap': true,
        },
      });
    },
    [id, labels, stops, color],
  );
  useMapLayers(map, stops.length ? draw : null);

  return null;
}
