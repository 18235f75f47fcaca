import { KNOTS_PER_MPS } from '@rastro/api';
import type { OsmAndMessage } from './message.ts';
import { blankPosition } from './position.ts';
import { DecodeError, checkLatitude, checkLongitude, parseIsoTime } from './values.ts';
import { KEY } from '../../position/keys.ts';

type JsonObject = { [key: string]: unknown };

/**
 * Decodes the Traccar Client JSON body (background-geolocation location object):
 * `{ device_id, location: { timestamp, coords, is_moving, odometer, event, mock, activity, battery, alarm, extras } }`.
 */
export function decodeJson(text: string, receivedAt: Date, minAccuracy: number): OsmAndMessage {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    throw new DecodeError('invalid JSON body');
  }
  if (!isObject(root)) throw new DecodeError('JSON body must be an object');
  const uniqueId = deviceId(root.device_id);
  const location = readObject(root, 'location');
  if (!location) throw new DecodeError('missing location');

  const timestamp = readString(location, 'timestamp', 'location.timestamp');
  const position = blankPosition(timestamp === undefined ? receivedAt : parseIsoTime(timestamp));
  const { attributes } = position;

  const coords = readObject(location, 'coords', 'location.coords');
  if (coords) {
    position.latitude = checkLatitude(requireNumber(coords, 'latitude'));
    position.longitude = checkLongitude(requireNumber(coords, 'longitude'));
    // The client reports -1 for an unknown speed or heading.
    const speed = readNumber(coords, 'speed', 'coords.speed');
    if (speed !== undefined && speed >= 0) position.speed = speed * KNOTS_PER_MPS;
    const heading = readNumber(coords, 'heading', 'coords.heading');
    if (heading !== undefined && heading >= 0) position.course = heading % 360;
    const accuracy = readNumber(coords, 'accuracy', 'coords.accuracy');
    if (accuracy !== undefined && accuracy >= minAccuracy) position.accuracy = accuracy;
    position.altitude = readNumber(coords, 'altitude', 'coords.altitude') ?? 0;
  } else {
    position.valid = false;
    position.outdated = true;
  }

  const event = readString(location, 'event', 'location.event');
  if (event) attributes[KEY.event] = event;
  const moving = readBoolean(location, 'is_moving', 'location.is_moving');
  if (moving !== undefined) attributes[KEY.motion] = moving;
  const odometer = readNumber(location, 'odometer', 'location.odometer');
  if (odometer !== undefined) attributes[KEY.odometer] = Math.round(odometer);
  const mock = readBoolean(location, 'mock', 'location.mock');
  if (mock !== undefined) attributes.mock = mock;
  const activity = readObject(location, 'activity', 'location.activity');
  const activityType = activity && readString(activity, 'type', 'activity.type');
  if (activityType) attributes.activity = activityType;

  const battery = readObject(location, 'battery', 'location.battery');
  if (battery) {
    // level is 0..1, or -1 when the platform cannot tell.
    const level = readNumber(battery, 'level', 'battery.level');
    if (level !== undefined && level >= 0) attributes[KEY.batteryLevel] = Math.round(level * 100);
    if (readBoolean(battery, 'is_charging', 'battery.is_charging')) attributes[KEY.charge] = true;
  }

  const alarm = readString(location, 'alarm', 'location.alarm');
  if (alarm) attributes[KEY.alarm] = alarm;

  const extras = readObject(location, 'extras', 'location.extras');
  for (const [key, value] of Object.entries(extras ?? {})) {
    if (key === KEY.alarm && alarm) continue;
    const storable =
      (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' || (typeof value === 'string' && value !== '');
    if (storable) {
      attributes[key] = value;
    }
  }

  return { uniqueId, position, format: 'json' };
}

function deviceId(value: unknown): string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  throw new DecodeError('missing device identifier (device_id)');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Readers: absent or null -> undefined; present with the wrong type -> a decode error naming the field.

function readObject(source: JsonObject, key: string, label = key): JsonObject | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw new DecodeError(`${label} must be an object`);
  return value;
}

function readNumber(source: JsonObject, key: string, label: string): number | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  // JSON.parse turns 1e999 into Infinity.
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new DecodeError(`${label} must be a finite number`);
  return value;
}

function requireNumber(coords: JsonObject, key: 'latitude' | 'longitude'): number {
  const value = readNumber(coords, key, `coords.${key}`);
  if (value === undefined) throw new DecodeError(`missing coords.${key}`);
  return value;
}

function readString(source: JsonObject, key: string, label: string): string | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new DecodeError(`${label} must be a string`);
  return value;
}

function readBoolean(source: JsonObject, key: string, label: string): boolean | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new DecodeError(`${label} must be a boolean`);
  return value;
}
