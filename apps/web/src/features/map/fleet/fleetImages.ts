import { drawImageFromId } from '../icons/imageFromId.ts';
import { deviceImageId } from '../icons/imageIds.ts';
import type { MarkerStyle } from '../icons/drawing.ts';
import { LruKeys } from '../icons/lruCache.ts';

/** Spec §9: 100 device images, least recently used evicted. */
export const DEVICE_IMAGE_CAPACITY = 100;
/** Labels and cluster counts are small; more of them may stay. */
const TEXT_IMAGE_CAPACITY = 2000;
/** Spec §9: drawn when the map opens, before any device asks for them. */
export const PRELOADED_CATEGORIES = ['default', 'car', 'truck', 'motorcycle', 'bus'];

/** An image ready to draw, with its size in CSS pixels. */
export interface FleetImage {
  source: HTMLCanvasElement;
  width: number;
  height: number;
}

/**
 * The fleet's images by id (imageIds.ts), drawn on first use and kept in least-recently-used
 * caches: device markers (100, spec §9), labels and cluster counts; heading pointers are few.
 */
export class FleetImages {
  private readonly images = new Map<string, FleetImage>();
  private readonly devices = new LruKeys(DEVICE_IMAGE_CAPACITY, (id) => this.images.delete(id));
  private readonly texts = new LruKeys(TEXT_IMAGE_CAPACITY, (id) => this.images.delete(id));

  constructor(private readonly pixelRatio: number) {}

  get(id: string): FleetImage | null {
    const kept = this.images.get(id);
    if (kept) {
      this.touch(id);
      return kept;
    }
    const drawn = drawImageFromId(id, this.pixelRatio);
    if (!drawn) return null;
    const { canvas } = drawn;
    const image = { source: canvas, width: canvas.width / this.pixelRatio, height: canvas.height / this.pixelRatio };
    this.images.set(id, image);
    this.touch(id);
    return image;
  }

  preload(styles: MarkerStyle[]): void {
    for (const style of styles) this.get(deviceImageId(style));
  }

  private touch(id: string): void {
    if (id.startsWith('device:')) this.devices.touch(id);
    else if (!id.startsWith('direction:')) this.texts.touch(id);
  }
}
