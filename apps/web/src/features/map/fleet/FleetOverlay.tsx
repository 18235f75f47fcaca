import { useEffect, useMemo, useState } from 'react';
import { useTheme } from '@mui/material/styles';
import { DEVICE_STATUSES, type Device, type Position } from '@rastro/api';
import type { MapMouseEvent } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { isSoftDeleted } from '../../../api/devices.ts';
import { liveStore } from '../../../api/liveStore.ts';
import { useDeviceFilters, useDeviceQuery } from '../../../state/deviceFilters.ts';
import { useMapOptions } from '../../../state/mapOptions.ts';
import { selectDevice, useSelection } from '../../../state/selection.ts';
import { deviceStatus, matchesQuery, passesFilters } from '../../devices/index.ts';
import { defaultMarkerStyle, deviceFeature } from '../deviceFeatures.ts';
import { FeatureSync } from '../featureSync.ts';
import { useCreatedMap } from '../mapContext.ts';
import { PRELOADED_CATEGORIES } from './fleetImages.ts';
import { FleetRenderer } from './fleetRenderer.ts';

declare global {
  interface Window {
    /** The live fleet as drawn, for end-to-end tests and the bench. */
    __rastroFleet?: FleetRenderer;
  }
}

/**
 * Live moves reach the map at most this often; trackers report every few seconds anyway, and a
 * redraw costs little, but a thousand moves a second need not mean a thousand redraws.
 */
const MAP_UPDATE_MS = 500;

/**
 * Devices on the map: category markers tinted with their colours, a heading pointer while moving,
 * labels, accuracy circles, the selection and, for a crowd, clusters — drawn by FleetRenderer on a
 * canvas over the map. Live updates rebuild only the features of the devices that changed.
 */
export function FleetOverlay() {
  const map = useCreatedMap();
  const { primary, secondary } = useTheme().palette;
  const { t } = useTranslation();
  const { names, plates, status, precision, cluster } = useMapOptions();
  const filters = useDeviceFilters();
  const query = useDeviceQuery();
  const { deviceId: selectedId } = useSelection();
  const [renderer, setRenderer] = useState<FleetRenderer | null>(null);

  const sync = useMemo(() => {
    const markerOptions = { names, plates, status };
    return new FeatureSync((device: Device, position: Position | undefined) => {
      if (!position || isSoftDeleted(device) || !passesFilters(device, position, filters)) return null;
      if (query.trim() && !matchesQuery(device, query, t(`status.${deviceStatus(device)}`))) return null;
      return deviceFeature(device, position, markerOptions);
    });
  }, [names, plates, status, filters, query, t]);

  useEffect(() => {
    const created = new FleetRenderer(map);
    created.images.preload(PRELOADED_CATEGORIES.flatMap((category) => DEVICE_STATUSES.map((s) => defaultMarkerStyle(category, s))));
    const onClick = (event: MapMouseEvent) => {
      const hit = created.hit(event.point);
      if (hit && 'cluster' in hit) created.expand(hit.cluster);
      else selectDevice(hit ? hit.deviceId : null);
    };
    const onPointer = (event: MapMouseEvent) => {
      map.getCanvas().style.cursor = created.hit(event.point) ? 'pointer' : '';
    };
    map.on('click', onClick);
    map.on('mousemove', onPointer);
    window.__rastroFleet = created;
    setRenderer(created);
    return () => {
      map.off('click', onClick);
      map.off('mousemove', onPointer);
      delete window.__rastroFleet;
      created.destroy();
    };
  }, [map]);

  useEffect(() => {
    renderer?.setStyle({ cluster, precision, selectedId, accuracyColor: primary.main, selectionColor: secondary.main });
  }, [renderer, cluster, precision, selectedId, primary.main, secondary.main]);

  // the whole set when how features are built changes, then the devices that changed, at most every MAP_UPDATE_MS
  useEffect(() => {
    if (!renderer) return;
    const { devices, positions } = liveStore.getState();
    renderer.setFeatures(sync.all(devices, positions));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let applied = 0;
    const apply = () => {
      timer = undefined;
      applied = Date.now();
      const state = liveStore.getState();
      if (sync.diff(state.devices, state.positions)) renderer.setFeatures(sync.drawn());
    };
    const unsubscribe = liveStore.subscribe(() => {
      // the fleet's first positions are drawn at once; moves then wait for their turn
      if (sync.size === 0) apply();
      else timer ??= setTimeout(apply, Math.max(0, applied + MAP_UPDATE_MS - Date.now()));
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [renderer, sync]);

  return null;
}
