import type { Map as MapLibreMap } from 'maplibre-gl';
import { pixels } from '../../../ui/canvas.ts';
import { drawImageFromId } from './imageFromId.ts';
import { LruKeys } from './lruCache.ts';

/** Label images are small; this many stay on a map before the least recently drawn goes. */
const IMAGE_CAPACITY = 2000;

const installed = new WeakSet<MapLibreMap>();

/**
 * MapLibre layers' images drawn on demand: a layer asking for a missing image whose id describes
 * it (`label:…` and the other kinds of imageIds.ts) gets it drawn. Installed once per map.
 */
export function installMapImages(map: MapLibreMap): void {
  if (installed.has(map)) return;
  installed.add(map);
  const pixelRatio = window.devicePixelRatio || 1;
  const kept = new LruKeys(IMAGE_CAPACITY, (id) => {
    if (map.hasImage(id)) map.removeImage(id);
  });
  map.on('styleimagemissing', (event: { id: string }) => {
    if (map.hasImage(event.id)) return;
    const drawn = drawImageFromId(event.id, pixelRatio);
    if (!drawn) return;
    map.addImage(event.id, pixels(drawn), { pixelRatio });
    kept.touch(event.id);
  });
}
