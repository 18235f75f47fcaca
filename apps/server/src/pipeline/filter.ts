import type { PositionHandler } from './types.ts';

/** Traccar's filter.future default: positions more than a day ahead are dropped. */
const FUTURE_LIMIT_MS = 86400_000;

/**
 * Drops positions that must not be stored: impossible coordinates, fixes from the future, and
 * exact duplicates of the last position (same fix time, nothing new in the attributes).
 */
export const filter: PositionHandler = (position, last) => {
  const { latitude, longitude } = position;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  if (position.fixTime > position.serverTime + FUTURE_LIMIT_MS) return null;
  if (last && !position.outdated && last.fixTime === position.fixTime) {
    const known = new Set(Object.keys(last.attributes));
    const adds = Object.keys(position.attributes).some((key) => !known.has(key));
    if (!adds) return null;
  }
  return position;
};
