import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

export const MapContext = createContext<MapLibreMap | null>(null);

/** The map instance; only for components rendered inside a loaded MapView. */
export function useMapInstance(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMapInstance outside a loaded MapView');
  return map;
}

/** The map as soon as it exists, before its style has loaded: enough for camera work, not for sources or layers. */
export const CreatedMapContext = createContext<MapLibreMap | null>(null);

/** The map instance; for components rendered in a MapView's `camera` slot, which mount before the style loads. */
export function useCreatedMap(): MapLibreMap {
  const map = useContext(CreatedMapContext);
  if (!map) throw new Error('useCreatedMap outside a MapView');
  return map;
}
