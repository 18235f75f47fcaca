/** Web Mercator in MapLibre's unit square: x from 0 (180° W) to 1, y from 0 (north edge) to 1. */
const MAX_LATITUDE = 85.051129;

export function mercatorX(longitude: number): number {
  return (180 + longitude) / 360;
}

export function mercatorY(latitude: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  return (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360))) / 360;
}

export function longitudeOf(x: number): number {
  return x * 360 - 180;
}

export function latitudeOf(y: number): number {
  return (360 / Math.PI) * Math.atan(Math.exp(((180 - y * 360) * Math.PI) / 180)) - 90;
}

/** What the map answers about its camera: enough to place points on the screen. */
export interface Camera {
  center: { lng: number; lat: number };
  zoom: number;
  pitch: number;
  project: (lngLat: [number, number]) => { x: number; y: number };
}

/** Mercator point to screen point (CSS pixels from the map's top left). */
export interface ScreenTransform {
  /** [a, b, c, d, e, f]: x = a·mx + b·my + e, y = c·mx + d·my + f — set for a flat (unpitched) view. */
  affine: readonly [number, number, number, number, number, number] | null;
  /** Any point; through the camera itself when pitched. */
  toScreen: (mx: number, my: number) => [number, number];
}

/** Pixels of MapLibre's world at zoom 0. */
export const WORLD_SIZE = 512;

/**
 * A flat view maps Mercator to the screen by an affine transform (scale, rotation, offset), found
 * from three projected points near the centre: ten thousand points then cost a few multiplications
 * each instead of a call into the map's camera. A pitched view projects each point.
 */
export function screenTransform(camera: Camera): ScreenTransform {
  const toScreenByCamera = (mx: number, my: number): [number, number] => {
    const point = camera.project([longitudeOf(mx), latitudeOf(my)]);
    return [point.x, point.y];
  };
  if (camera.pitch > 0.01) return { affine: null, toScreen: toScreenByCamera };
  const cx = mercatorX(camera.center.lng);
  const cy = mercatorY(camera.center.lat);
  // 256 screen pixels away: far enough for precision, near enough to stay on the same world copy
  const step = 256 / (WORLD_SIZE * 2 ** camera.zoom);
  const [x0, y0] = toScreenByCamera(cx, cy);
  const [x1, y1] = toScreenByCamera(cx + step, cy);
  const [x2, y2] = toScreenByCamera(cx, cy + step);
  const a = (x1 - x0) / step;
  const b = (x2 - x0) / step;
  const c = (y1 - y0) / step;
  const d = (y2 - y0) / step;
  const affine = [a, b, c, d, x0 - a * cx - b * cy, y0 - c * cx - d * cy] as const;
  return { affine, toScreen: (mx, my) => [affine[0] * mx + affine[1] * my + affine[4], affine[2] * mx + affine[3] * my + affine[5]] };
}
