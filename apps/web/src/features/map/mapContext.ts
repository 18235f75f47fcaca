import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * The map as soon as it exists, before its style has loaded: enough for camera work, not for
 * sources or layers (those wait for the loaded map, `useMapInstance` in state/mapInstance.ts).
 */
export const CreatedMapContext = createContext<MapLibreMap | null>(null);

/** The map instance; for components rendered in a MapView's `camera` slot, which mount before the style loads. */
export function useCreatedMap(): MapLibreMap {
  const map = useContext(CreatedMapContext);
  if (!map) throw new Error('useCreatedMap outside a MapView');
  return map;
}
