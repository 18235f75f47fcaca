import { useEffect } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { shapeGeometry, type Shape } from './shapes.ts';

const SOURCE = 'geofence-edit';

/** The shape being edited, drawn over the map in its colour until the editor closes. */
export function ShapePreview({ map, shape, color }: { map: MapLibreMap; shape: Shape; color: string }) {
  useEffect(() => {
    const data = { type: 'Feature' as const, properties: {}, geometry: shapeGeometry(shape) };
    map.addSource(SOURCE, { type: 'geojson', data });
    map.addLayer({ id: `${SOURCE}-fill`, type: 'fill', source: SOURCE, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': color, 'fill-opacity': 0.2 } });
    map.addLayer({ id: `${SOURCE}-line`, type: 'line', source: SOURCE, paint: { 'line-color': color, 'line-width': 3, 'line-dasharray': [2, 1] } });
    return () => {
      // the map may already be gone when the page unmounts with the shell
      if (!map.getStyle()) return;
      map.removeLayer(`${SOURCE}-line`);
      map.removeLayer(`${SOURCE}-fill`);
      map.removeSource(SOURCE);
    };
  }, [map, shape, color]);
  return null;
}
