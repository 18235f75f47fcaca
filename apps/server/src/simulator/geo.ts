import type { LatLon } from './fleet.ts';

/** Traccar's haversine radius (m). */
const EARTH_RADIUS = 6378137;
const RAD = Math.PI / 180;

export function distance([lat1, lon1]: LatLon, [lat2, lon2]: LatLon): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial bearing from `from` to `to`, degrees clockwise from north in [0, 360). */
export function bearing([lat1, lon1]: LatLon, [lat2, lon2]: LatLon): number {
  const dLon = (lon2 - lon1) * RAD;
  const y = Math.sin(dLon) * Math.cos(lat2 * RAD);
  const x = Math.cos(lat1 * RAD) * Math.sin(lat2 * RAD) - Math.sin(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos(dLon);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/** The point a fraction `t` of the way from `a` to `b` (straight in degrees: segments are short). */
export function interpolate(a: LatLon, b: LatLon, t: number): LatLon {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

/** Absolute difference between two bearings, in [0, 180]. */
export function turnAngle(from: number, to: number): number {
  const diff = Math.abs(from - to) % 360;
  return diff > 180 ? 360 - diff : diff;
}

/** Deterministic PRNG (mulberry32) returning values in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
