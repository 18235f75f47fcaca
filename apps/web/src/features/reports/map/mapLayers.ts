import type { Map as MapLibreMap } from 'maplibre-gl';

/** A source or layer id from React's `useId` (which contains colons), unique per drawing component. */
export function layerId(reactId: string, suffix: string): string {
  return `report${reactId.replace(/[^A-Za-z0-9_-]/g, '')}-${suffix}`;
}

/**
 * Removes what a component drew. On sign-out the shell's map may be destroyed before the page
 * unmounts; then there is nothing left to remove.
 */
export function removeFromMap(map: MapLibreMap, layers: string[], sources: string[], images: string[] = []): void {
  try {
    for (const layer of layers) if (map.getLayer(layer)) map.removeLayer(layer);
    for (const source of sources) if (map.getSource(source)) map.removeSource(source);
    for (const image of images) if (map.hasImage(image)) map.removeImage(image);
  } catch {
    // the map is already gone
  }
}
