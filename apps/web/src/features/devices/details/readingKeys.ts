import type { Server, User } from '@rastro/api';

/**
 * `tarkan.deviceAttributes` (a user attribute, else the server's): which readings the device
 * details panel shows, as a comma-separated list of Traccar keys, e.g. `ignition, batteryLevel,
 * rpm, temp1`. A key is a position attribute, a device attribute, or one of the fields below.
 * Empty (or nothing usable) means the panel's default set.
 *
 * Two keys name the odometers, not the attributes of the same name: `odometer` is the device's
 * accumulator, the position's `totalDistance` that the device editor sets (spec §3 "odometer
 * (meters)"); `trackerOdometer` is the tracker's own reading, the position's `odometer` attribute,
 * shown only when the position carries one.
 */
export const DEFAULT_READING_KEYS = ['odometer', 'trackerOdometer', 'fuel', 'batteryLevel', 'power', 'ignition', 'blocked', 'driverUniqueId', 'alarm'] as const;

/** What an attribute key may look like: anything else in the list is dropped, not shown. */
const KEY = /^[A-Za-z][\w.:-]{0,63}$/;

/** The keys listed, in order, once each; null when the list is empty and the default set applies. */
export function parseReadingKeys(value: unknown): string[] | null {
  if (typeof value !== 'string') return null;
  const keys = [...new Set(value.split(',').map((key) => key.trim()).filter((key) => KEY.test(key)))];
  return keys.length ? keys : null;
}

/** The user's list when he has one, else the server's, else the default set. */
export function readingKeysOf(user: User | null, server: Server | undefined): readonly string[] {
  return parseReadingKeys(user?.attributes['tarkan.deviceAttributes'])
    ?? parseReadingKeys(server?.attributes['tarkan.deviceAttributes'])
    ?? DEFAULT_READING_KEYS;
}
