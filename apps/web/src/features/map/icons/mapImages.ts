import type { Map as MapLibreMap } from 'maplibre-gl';
import { drawCluster, drawDirection, drawLabel, drawMarker, type MarkerStyle } from './drawing.ts';
import { deviceImageId, parseImageId } from './imageIds.ts';
import { LruKeys } from './lruCache.ts';

/** Spec §9: 100 device images, least recently used evicted. */
export const DEVICE_IMAGE_CAPACITY = 100;
/** Labels and cluster counts are small; more of them may stay. */
const TEXT_IMAGE_CAPACITY = 2000;
const CLUSTER_COLOR = '#1d4e89';
/** Spec §9: drawn when the map opens, before any device asks for them. */
export const PRELOADED_CATEGORIES = ['default', 'car', 'truck', 'motorcycle', 'bus'];

export interface MapImages {
  /** Marks device images as in use, so the cache evicts others first. */
  touchDevices(ids: Iterable<string>): void;
  /** Draws marker images ahead of need. */
  preload(styles: MarkerStyle[]): void;
}

const installed = new WeakMap<MapLibreMap, MapImages>();

/**
 * The images of a map, drawn on demand: a layer asking for a missing `device:…`, `label:…`,
 * `direction:…` or `cluster:…` image gets it drawn from its id. Installed once per map.
 */
export function mapImages(map: MapLibreMap): MapImages {
  const existing = installed.get(map);
  if (existing) return existing;

  const pixelRatio = window.devicePixelRatio || 1;
  const remove = (id: string) => {
    if (map.hasImage(id)) map.removeImage(id);
  };
  const devices = new LruKeys(DEVICE_IMAGE_CAPACITY, remove);
  const texts = new LruKeys(TEXT_IMAGE_CAPACITY, remove);

  const add = (id: string) => {
    const spec = parseImageId(id);
    if (!spec || map.hasImage(id)) return;
    switch (spec.kind) {
      case 'device':
        map.addImage(id, drawMarker(spec.style, pixelRatio), { pixelRatio });
        devices.touch(id);
        break;
      case 'direction':
        map.addImage(id, drawDirection(spec.color, pixelRatio), { pixelRatio });
        break;
      case 'label':
        map.addImage(id, drawLabel(spec.text, pixelRatio), { pixelRatio });
        texts.touch(id);
        break;
      case 'cluster':
        map.addImage(id, drawCluster(spec.count, CLUSTER_COLOR, pixelRatio), { pixelRatio });
        texts.touch(id);
        break;
    }
  };
  map.on('styleimagemissing', (event: { id: string }) => add(event.id));

  const images: MapImages = {
    touchDevices(ids) {
      for (const id of ids) if (devices.has(id)) devices.touch(id);
    },
    preload(styles) {
      styles.forEach((style) => add(deviceImageId(style)));
    },
  };
  installed.set(map, images);
  return images;
}
