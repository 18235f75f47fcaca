import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useTheme } from '@mui/material/styles';
import { DEVICE_STATUSES, type Device, type Position } from '@rastro/api';
import type { ExpressionSpecification, GeoJSONSource, MapMouseEvent } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { isSoftDeleted } from '../../api/devices.ts';
import { liveStore } from '../../api/liveStore.ts';
import { useDeviceFilters, useDeviceQuery } from '../../app/deviceFilters.ts';
import { useMapOptions } from '../../app/mapOptions.ts';
import { selectDevice, useSelection } from '../../app/selection.ts';
import { matchesQuery, passesFilters } from '../../ui/deviceFilter.ts';
import { deviceStatus } from '../../ui/deviceStatus.ts';
import { defaultMarkerStyle, deviceFeature } from './deviceFeatures.ts';
import { FeatureSync } from './featureSync.ts';
import { PRELOADED_CATEGORIES, mapImages } from './icons/mapImages.ts';
import { useMapInstance } from './mapContext.ts';

/** The end-to-end tests read the `devices` layer. */
const SOURCE = 'devices';
const LAYERS = {
  accuracy: 'devices-accuracy',
  selection: 'devices-selection',
  clusters: 'devices-clusters',
  direction: 'devices-direction',
  markers: 'devices',
  labels: 'devices-labels',
} as const;
const CLUSTER_RADIUS = 36;
/** Past this zoom every device is drawn on its own. */
const CLUSTER_MAX_ZOOM = 14;
/** A few dozen markers read better one by one: clustering, when on, starts with a crowd. */
export const CLUSTER_MIN_DEVICES = 100;
/**
 * Live moves reach the map at most this often. Each change repaints the whole map, which with
 * thousands of markers costs more than a frame; trackers report every few seconds anyway.
 */
const MAP_UPDATE_MS = 500;
/**
 * A change to at least this share of the drawn devices goes to the worker as a new data set
 * (indexing ten thousand features afresh costs less than applying them one by one as a diff);
 * smaller ones go as diffs, which cost the main thread only the changed features.
 */
const FULL_UPDATE_SHARE = 0.5;
const count: ExpressionSpecification = ['get', 'point_count'];
/** Rounded cluster counts (7, 40+, 300+, 2k+), so that a few dozen images cover every cluster. */
const roundedCount: ExpressionSpecification = [
  'case',
  ['<', count, 10], ['to-string', count],
  ['<', count, 100], ['concat', ['to-string', ['*', ['floor', ['/', count, 10]], 10]], '+'],
  ['<', count, 1000], ['concat', ['to-string', ['*', ['floor', ['/', count, 100]], 100]], '+'],
  ['concat', ['to-string', ['floor', ['/', count, 1000]]], 'k+'],
];
const notCluster: ExpressionSpecification = ['!', ['has', 'point_count']];

/**
 * Devices as category markers tinted with their colours, a heading pointer while moving, labels,
 * accuracy circles and, for a crowd, clusters. Live updates reach the source as diffs of the
 * devices that changed.
 */
export function DevicesLayer() {
  const map = useMapInstance();
  const { primary, secondary } = useTheme().palette;
  const { t } = useTranslation();
  const options = useMapOptions();
  const filters = useDeviceFilters();
  const query = useDeviceQuery();
  const { deviceId: selectedId } = useSelection();
  const { names, plates, status, precision, cluster } = options;

  const sync = useMemo(() => {
    const markerOptions = { names, plates, status };
    return new FeatureSync((device: Device, position: Position | undefined) => {
      if (!position || isSoftDeleted(device) || !passesFilters(device, position, filters)) return null;
      if (query.trim() && !matchesQuery(device, query, t(`status.${deviceStatus(device)}`))) return null;
      return deviceFeature(device, position, markerOptions);
    });
  }, [names, plates, status, filters, query, t]);
  const selected = useEffectEvent(() => selectedId);
  const clusterOption = useEffectEvent(() => cluster);
  /** Whether the source clusters now; a change of it costs the worker a round trip. */
  const clustered = useRef(false);

  // the source and its layers
  useEffect(() => {
    const images = mapImages(map);
    images.preload(PRELOADED_CATEGORIES.flatMap((category) => DEVICE_STATUSES.map((s) => defaultMarkerStyle(category, s))));
    // a fleet already loaded is clustered from the start, so its first data need not wait for an option change
    clustered.current = clusterOption() && liveStore.getState().positions.size >= CLUSTER_MIN_DEVICES;
    map.addSource(SOURCE, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      cluster: clustered.current,
      clusterRadius: CLUSTER_RADIUS,
      clusterMaxZoom: CLUSTER_MAX_ZOOM,
    });
    map.addLayer({
      id: LAYERS.accuracy,
      type: 'circle',
      source: SOURCE,
      filter: ['all', notCluster, ['>', ['get', 'accuracy0'], 0]],
      layout: { visibility: 'none' },
      paint: {
        'circle-radius': ['interpolate', ['exponential', 2], ['zoom'], 0, ['get', 'accuracy0'], 24, ['*', ['get', 'accuracy0'], 2 ** 24]],
        'circle-color': primary.main,
        'circle-opacity': 0.12,
        'circle-stroke-color': primary.main,
        'circle-stroke-opacity': 0.5,
        'circle-stroke-width': 1,
        'circle-pitch-alignment': 'map',
      },
    });
    map.addLayer({
      id: LAYERS.selection,
      type: 'circle',
      source: SOURCE,
      filter: ['==', ['get', 'deviceId'], selected() ?? -1],
      paint: {
        'circle-radius': 24,
        'circle-color': secondary.main,
        'circle-opacity': 0.25,
        'circle-stroke-color': secondary.main,
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: LAYERS.clusters,
      type: 'symbol',
      source: SOURCE,
      filter: ['has', 'point_count'],
      layout: {
        'icon-image': ['concat', 'cluster:', roundedCount],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    });
    map.addLayer({
      id: LAYERS.direction,
      type: 'symbol',
      source: SOURCE,
      filter: ['all', notCluster, ['==', ['get', 'moving'], true]],
      layout: {
        'icon-image': ['get', 'direction'],
        'icon-rotate': ['get', 'course'],
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    });
    map.addLayer({
      id: LAYERS.markers,
      type: 'symbol',
      source: SOURCE,
      filter: notCluster,
      layout: {
        'icon-image': ['get', 'icon'],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    });
    map.addLayer({
      id: LAYERS.labels,
      type: 'symbol',
      source: SOURCE,
      filter: ['all', notCluster, ['!=', ['get', 'label'], '']],
      layout: {
        'icon-image': ['get', 'label'],
        'icon-anchor': 'top',
        'icon-offset': [0, 20],
        // crowded labels give way rather than pile up
        'icon-allow-overlap': false,
        'icon-optional': true,
      },
    });

    const onClick = (event: MapMouseEvent) => {
      const [hit] = map.queryRenderedFeatures(event.point, { layers: [LAYERS.markers, LAYERS.clusters] });
      const clusterId = hit?.properties.cluster_id;
      if (typeof clusterId === 'number' && hit.geometry.type === 'Point') {
        const center = hit.geometry.coordinates as [number, number];
        void map.getSource<GeoJSONSource>(SOURCE)?.getClusterExpansionZoom(clusterId).then((zoom) => map.easeTo({ center, zoom }));
        return;
      }
      const deviceId = hit?.properties.deviceId;
      selectDevice(typeof deviceId === 'number' ? deviceId : null);
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const noPointer = () => (map.getCanvas().style.cursor = '');
    map.on('click', onClick);
    for (const layer of [LAYERS.markers, LAYERS.clusters]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, noPointer);
    }
    return () => {
      map.off('click', onClick);
      for (const layer of [LAYERS.markers, LAYERS.clusters]) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, noPointer);
      }
      Object.values(LAYERS).reverse().forEach((layer) => map.removeLayer(layer));
      map.removeSource(SOURCE);
    };
    // the colours are painted by the next effect: a theme arriving late must not rebuild the fleet's layers
  }, [map]);

  useEffect(() => {
    for (const [layer, color] of [[LAYERS.accuracy, primary.main], [LAYERS.selection, secondary.main]] as const) {
      map.setPaintProperty(layer, 'circle-color', color);
      map.setPaintProperty(layer, 'circle-stroke-color', color);
    }
  }, [map, primary.main, secondary.main]);

  // the whole set when what is drawn changes, then the devices that changed, at most every MAP_UPDATE_MS
  useEffect(() => {
    const source = map.getSource<GeoJSONSource>(SOURCE);
    if (!source) return;
    const images = mapImages(map);
    // decided before the data goes to the worker, so that a large fleet is never laid out unclustered
    const clusterIfCrowded = () => {
      const crowded = cluster && sync.size >= CLUSTER_MIN_DEVICES;
      if (crowded !== clustered.current) source.setClusterOptions({ cluster: crowded });
      clustered.current = crowded;
    };
    const { devices, positions } = liveStore.getState();
    const all = sync.all(devices, positions);
    clusterIfCrowded();
    source.setData(all);
    images.touchDevices(sync.iconIds());
    let timer: ReturnType<typeof setTimeout> | undefined;
    let applied = Date.now();
    const apply = () => {
      timer = undefined;
      applied = Date.now();
      const state = liveStore.getState();
      const diff = sync.diff(state.devices, state.positions);
      if (!diff) return;
      clusterIfCrowded();
      if (diff.add.length + diff.remove.length > Math.max(CLUSTER_MIN_DEVICES, sync.size * FULL_UPDATE_SHARE)) {
        // the fleet's first positions, or a reload after a reconnect
        source.setData(sync.collection());
        images.touchDevices(sync.iconIds());
        return;
      }
      source.updateData({ add: diff.add, remove: diff.remove });
      images.touchDevices(diff.add.map((feature) => feature.properties.icon));
    };
    const unsubscribe = liveStore.subscribe(() => {
      timer ??= setTimeout(apply, Math.max(0, applied + MAP_UPDATE_MS - Date.now()));
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [map, sync, cluster]);

  useEffect(() => {
    map.setLayoutProperty(LAYERS.accuracy, 'visibility', precision ? 'visible' : 'none');
  }, [map, precision]);

  useEffect(() => {
    map.setFilter(LAYERS.selection, ['==', ['get', 'deviceId'], selectedId ?? -1]);
  }, [map, selectedId]);

  return null;
}
