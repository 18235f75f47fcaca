import { bearingDegrees, distanceMeters } from '@rastro/api';
import type { LatLon } from './fleet.ts';

/** Great-circle distance in metres (the one geometry of `@rastro/api`). */
export function distance([lat1, lon1]: LatLon, [lat2, lon2]: LatLon): number {
  return distanceMeters(lat1, lon1, lat2, lon2);
}

/** Initial bearing from `from` to `to`, degrees clockwise from north in [0, 360). */
export function bearing([lat1, lon1]: LatLon, [lat2, lon2]: LatLon): number {
  return bearingDegrees(lat1, lon1, lat2, lon2);
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
