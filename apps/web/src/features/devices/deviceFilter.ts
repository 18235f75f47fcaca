import type { Device, JsonValue, Position } from '@rastro/api';
import { isSoftDeleted } from '../../api/devices.ts';
import type { DeviceFilters } from '../../state/deviceFilters.ts';
import { hasAlarm } from './deviceSort.ts';
import { deviceStatus, hasIgnition, isMoving } from './deviceStatus.ts';

export interface StatusCounts {
  all: number;
  online: number;
  offline: number;
  unknown: number;
  /** Devices whose latest position has `attributes.motion`. */
  moving: number;
}

/** A device without a category is a `default` one. */
export function deviceCategory(device: Pick<Device, 'category'>): string {
  return device.category || 'default';
}

function attributeText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Case-insensitive text match against name, uniqueId, phone, model, contact, category, status (its
 * code and, when given, its translated label) and attribute values.
 */
export function matchesQuery(device: Device, query: string, statusLabel?: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  const fields = [
    device.name,
    device.uniqueId,
    device.phone,
    device.model,
    device.contact,
    device.category,
    deviceStatus(device),
    statusLabel,
    ...Object.values(device.attributes).map(attributeText),
  ];
  return fields.some((field) => field?.toLocaleLowerCase().includes(needle));
}

/** Status, motion, ignition, alarm, category and single-device filters (the text query is matched apart). */
export function passesFilters(device: Device, position: Position | undefined, filters: DeviceFilters): boolean {
  if (filters.onlyDeviceId !== null && device.id !== filters.onlyDeviceId) return false;
  if (filters.status !== 'all' && deviceStatus(device) !== filters.status) return false;
  if (filters.motionOnly && !isMoving(position)) return false;
  if (filters.ignitionOnly && !hasIgnition(position)) return false;
  if (filters.alarmOnly && !hasAlarm(position)) return false;
  return !filters.hiddenCategories.includes(deviceCategory(device));
}

export function visibleDevices(devices: Iterable<Device>): Device[] {
  return [...devices].filter((device) => !isSoftDeleted(device));
}

export function countByStatus(devices: readonly Device[], positions: ReadonlyMap<number, Position>): StatusCounts {
  const counts: StatusCounts = { all: devices.length, online: 0, offline: 0, unknown: 0, moving: 0 };
  for (const device of devices) {
    counts[deviceStatus(device)]++;
    if (isMoving(positions.get(device.id))) counts.moving++;
  }
  return counts;
}
