import { useSyncExternalStore } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * The one map of the shell, once its style has loaded, for everything that draws on it — the map's
 * own layers inside MapView and the pages rendered beside it (reports, history, the geofence
 * editor, …): each adds its sources and layers and removes them when it unmounts. Importing only
 * the type keeps the map engine out of the pages' chunks.
 */
let current: MapLibreMap | null = null;
const listeners = new Set<() => void>();

export function setMapInstance(map: MapLibreMap | null): void {
  current = map;
  for (const listener of listeners) listener();
}

/** The loaded map, or null before it loads and once it is gone (MapView renders its children only while it is loaded). */
export function useMapInstance(): MapLibreMap | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
