import { distanceMeters, KNOTS_PER_MPS } from '@rastro/api';
import { calendarContains } from '../domain/calendar.ts';
import { attribute, KEY } from '../position/keys.ts';
import { numberSetting, type DeviceContext } from './device-context.ts';
import type { PositionHandler } from './types.ts';

const flag = (context: DeviceContext, key: string, fallback: boolean): boolean => {
  const value = context.lookup(key);
  return value === undefined ? fallback : value === true || value === 'true';
};

/**
 * Drops positions that must not be stored (Traccar's FilterHandler; every key can be set on
 * the device, its groups or the server). Always: impossible coordinates. By default: fixes more
 * than `filter.future` seconds ahead (86400) and exact duplicates of the last position (a
 * device resending an unacknowledged message). Optional: `filter.invalid`, `filter.zero`,
 * `filter.approximate` (positions placed by cell towers or Wi-Fi),
 * `filter.maxSpeed` (knots; implausible jumps), `filter.minPeriod` (s), `filter.distance` (m).
 * A device with a calendar keeps only the positions inside it.
 */
export const filter: PositionHandler = (position, last, context) => {
  const { latitude, longitude } = position;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  if (!flag(context, 'filter.enable', true)) return position;
  if (context.calendar && !calendarContains(context.calendar, position.fixTime)) return null;

  const future = numberSetting(context, 'filter.future', 86400) * 1000;
  if (future > 0 && position.fixTime > position.serverTime + future) return null;
  if (flag(context, 'filter.invalid', false) && !position.valid) return null;
  if (flag(context, 'filter.zero', false) && latitude === 0 && longitude === 0) return null;
  if (flag(context, 'filter.approximate', false) && attribute(position.attributes, KEY.approximate) === true) return null;
  if (!last || position.outdated) return position;

  if (flag(context, 'filter.duplicate', true) && last.fixTime === position.fixTime) {
    const known = new Set(Object.keys(last.attributes));
    if (!Object.keys(position.attributes).some((key) => !known.has(key))) return null;
  }
  const seconds = (position.fixTime - last.fixTime) / 1000;
  const meters = distanceMeters(last.latitude, last.longitude, latitude, longitude);
  const maxSpeed = numberSetting(context, 'filter.maxSpeed', 0);
  if (maxSpeed > 0 && seconds > 0 && (meters / seconds) * KNOTS_PER_MPS > maxSpeed) return null;
  const minPeriod = numberSetting(context, 'filter.minPeriod', 0);
  if (minPeriod > 0 && seconds >= 0 && seconds < minPeriod) return null;
  const minDistance = numberSetting(context, 'filter.distance', 0);
  if (minDistance > 0 && meters < minDistance) return null;
  return position;
};
