import { useCallback } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMapLayers, type MapDrawing } from '../../ui/useMapLayers.ts';
import { shapeGeometry, type Shape } from './shapes.ts';

const SOURCE = 'geofence-edit';

/** The shape being edited, drawn over the map in its colour until the editor closes. */
export function ShapePreview({ map, shape, color }: { map: MapLibreMap; shape: Shape; color: string }) {
  const draw = useCallback(
    ({ source, layer }: MapDrawing) => {
      source(SOURCE, { type: 'geojson', data: { type: 'Feature', properties: {}, geometry: shapeGeometry(shape) } });
      layer({ id: `${SOURCE}-fill`, type: 'fill', source: SOURCE, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': color, 'fill-opacity': 0.2 } });
      layer({ id: `${SOURCE}-line`, type: 'line', source: SOURCE, paint: { 'line-color': color, 'line-width': 3, 'line-dasharray': [2, 1] } });
    },
    [shape, color],
  );
  useMapLayers(map, draw);
  return null;
}
