import { useEffect, useId } from 'react';
import { useTheme } from '@mui/material/styles';
import { useMapInstance } from '../../../app/mapInstance.ts';
import { labelImage } from './canvasImages.ts';
import { layerId, removeFromMap } from './mapLayers.ts';

export interface StopMark {
  longitude: number;
  latitude: number;
  /** Drawn beside the stop, e.g. its duration. */
  label: string;
}

/** Stops as markers, each with its label (the map has no glyphs: labels are canvas images). */
export function StopMarkers({ stops }: { stops: readonly StopMark[] }) {
  const map = useMapInstance();
  const theme = useTheme();
  const id = layerId(useId(), 'stops');
  const labels = `${id}-labels`;

  useEffect(() => {
    if (!map || !stops.length) return;
    const color = theme.palette.warning.dark;
    const ratio = window.devicePixelRatio;
    const images = stops.map((stop, index) => {
      const image = `${id}-${index}`;
      map.addImage(image, labelImage(stop.label, color, ratio), { pixelRatio: ratio });
      return image;
    });
    map.addSource(id, {
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
    map.addLayer({
      id,
      type: 'circle',
      source: id,
      paint: { 'circle-radius': 7, 'circle-color': color, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    });
    map.addLayer({
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
    return () => removeFromMap(map, [labels, id], [id], images);
  }, [map, theme, id, labels, stops]);

  return null;
}
