import { useCallback, useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { circleRing, closedRing, tryParseArea, type LatLon } from '@rastro/api';
import type { Feature } from 'geojson';
import { useMapInstance } from '../../../state/mapInstance.ts';
import { useMapLayers, useSourceData, type MapDrawing } from '../../../ui/useMapLayers.ts';
import { useLayerIds } from './mapLayers.ts';

const lonLat = (points: LatLon[]) => points.map(([lat, lon]) => [lon, lat]);

/** A geofence's WKT area as GeoJSON (circles as rings), or null when it cannot be read. */
export function areaFeature(wkt: string): Feature | null {
  const area = tryParseArea(wkt);
  if (!area) return null;
  if (area.type === 'line') return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: lonLat(area.points) } };
  const ring = area.type === 'circle' ? circleRing(area.latitude, area.longitude, area.radius) : closedRing(area.points);
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [lonLat(ring)] } };
}

/** Every [lon, lat] of a feature's outline, to fit the map to it. */
export function outline(feature: Feature | null): [number, number][] {
  if (!feature) return [];
  const geometry = feature.geometry;
  const points = geometry.type === 'Polygon' ? geometry.coordinates[0] : geometry.type === 'LineString' ? geometry.coordinates : [];
  return points.map(([lon, lat]) => [lon, lat]);
}

const EMPTY: Feature = { type: 'Feature', properties: {}, geometry: { type: 'GeometryCollection', geometries: [] } };

/** A geofence drawn on the map: its area filled and outlined (a route geofence as its line). */
export function GeofenceArea({ feature }: { feature: Feature | null }) {
  const map = useMapInstance();
  const color = useTheme().palette.secondary.main;
  const [source, fill, edge] = useLayerIds('geofence', 'geofence-fill', 'geofence-edge');

  const draw = useCallback(
    (drawing: MapDrawing) => {
      drawing.source(source, { type: 'geojson', data: EMPTY });
      drawing.layer({ id: fill, type: 'fill', source, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': color, 'fill-opacity': 0.15 } });
      drawing.layer({ id: edge, type: 'line', source, paint: { 'line-color': color, 'line-width': 2 } });
    },
    [source, fill, edge, color],
  );
  const data = useMemo(() => feature ?? EMPTY, [feature]);
  useSourceData(useMapLayers(map, draw), source, data);
  return null;
}
