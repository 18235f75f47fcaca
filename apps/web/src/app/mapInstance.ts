import { useSyncExternalStore } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * The one map of the shell, once loaded, for pages rendered beside it (reports, history, …) that
 * draw on it: each adds its sources and layers and removes them when it unmounts. Importing only
 * the type keeps the map engine out of the pages' chunks.
 */
let current: MapLibreMap | null = null;
const listeners = new Set<() => void>();

export function setMapInstance(map: MapLibreMap | null): void {
  current = map;
  for (const listener of listeners) listener();
}

/** The loaded map, or null before it loads (and on pages without one). */
export function useMapInstance(): MapLibreMap | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
