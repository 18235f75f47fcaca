import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

export const MapContext = createContext<MapLibreMap | null>(null);

/** The map instance; only for components rendered inside a loaded MapView. */
export function useMapInstance(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMapInstance outside a loaded MapView');
  return map;
}
