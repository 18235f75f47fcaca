import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Feature, FeatureCollection, LineString, Point, Polygon } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import type { Geofence } from '../../../api/geofences.ts';
import { useGeofences } from '../../../api/queries.ts';
import { useMapInstance } from '../../../state/mapInstance.ts';
import { useMapOptions } from '../../../state/mapOptions.ts';
import { geofenceColor } from '../../../ui/geofenceColor.ts';
import { useMapLayers, type MapDrawing } from '../../../ui/useMapLayers.ts';
import { labelImageId } from '../icons/imageIds.ts';
import { installMapImages } from '../icons/mapImages.ts';
import { parseArea } from './wkt.ts';

const AREAS = 'geofences';
const LABELS = 'geofence-labels';

interface GeofenceProperties {
  color: string;
  label: string;
}

/** Areas, and a label point at the first vertex of each (inside enough for circles, visible for lines), each in its colour. */
export function geofenceFeatures(geofences: readonly Geofence[]) {
  const areas: Feature<Polygon | LineString, GeofenceProperties>[] = [];
  const labels: Feature<Point, GeofenceProperties>[] = [];
  for (const geofence of geofences) {
    const geometry = parseArea(geofence.area);
    if (!geometry) continue;
    const properties = { color: geofenceColor(geofence.attributes), label: labelImageId(geofence.name) };
    areas.push({ type: 'Feature', id: geofence.id, geometry, properties });
    const anchor = geometry.type === 'Polygon' ? geometry.coordinates[0][0] : geometry.coordinates[0];
    labels.push({ type: 'Feature', id: geofence.id, geometry: { type: 'Point', coordinates: anchor }, properties });
  }
  const collection = <G extends Polygon | LineString | Point>(features: Feature<G, GeofenceProperties>[]): FeatureCollection<G, GeofenceProperties> => ({
    type: 'FeatureCollection',
    features,
  });
  return { areas: collection(areas), labels: collection(labels) };
}

/**
 * The user's geofences (anchors included) with their names, when the map option is on. The layers
 * exist while there is something to draw, and their sources are made with their data: every
 * change of a source costs the map a round of tiles and a frame, each ~100 ms without a GPU.
 */
export function GeofencesLayer() {
  const map = useMapInstance();
  const visible = useMapOptions().geofences;
  const geofences = useGeofences(visible).data;
  const features = useMemo(() => geofenceFeatures(geofences ?? []), [geofences]);
  const drawn = visible && features.areas.features.length > 0;
  // what the sources hold, so that the data they were made with is not set again
  const shown = useRef<typeof features | null>(null);
  const latest = useRef(features);
  latest.current = features;

  const draw = useCallback(({ map, source, layer }: MapDrawing) => {
    installMapImages(map);
    shown.current = latest.current;
    source(AREAS, { type: 'geojson', data: latest.current.areas });
    source(LABELS, { type: 'geojson', data: latest.current.labels });
    layer({ id: 'geofences-fill', type: 'fill', source: AREAS, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.12 } });
    layer({ id: 'geofences-line', type: 'line', source: AREAS, paint: { 'line-color': ['get', 'color'], 'line-width': 2 } });
    layer({ id: 'geofences-label', type: 'symbol', source: LABELS, minzoom: 10, layout: { 'icon-image': ['get', 'label'], 'icon-optional': true } });
    return () => {
      shown.current = null;
    };
  }, []);
  const onMap = useMapLayers(map, drawn ? draw : null);

  useEffect(() => {
    if (!onMap || shown.current === features) return;
    shown.current = features;
    onMap.map.getSource<GeoJSONSource>(AREAS)?.setData(features.areas);
    onMap.map.getSource<GeoJSONSource>(LABELS)?.setData(features.labels);
  }, [onMap, features]);

  return null;
}
