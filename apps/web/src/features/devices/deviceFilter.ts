import type { Device, DeviceStatus, JsonValue, Position } from '@rastro/api';
import { isSoftDeleted } from '../../api/devices.ts';
import { deviceStatus, isMoving } from '../../ui/deviceStatus.ts';

export type StatusFilter = 'all' | DeviceStatus | 'moving';

export interface StatusCounts {
  all: number;
  online: number;
  offline: number;
  unknown: number;
  /** Devices whose latest position has `attributes.motion`. */
  moving: number;
}

function attributeText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Case-insensitive text match against name, uniqueId, phone, model, category, status (its code and,
 * when given, its translated label) and attribute values.
 */
export function matchesQuery(device: Device, query: string, statusLabel?: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  const fields = [
    device.name,
    device.uniqueId,
    device.phone,
    device.model,
    device.category,
    deviceStatus(device),
    statusLabel,
    ...Object.values(device.attributes).map(attributeText),
  ];
  return fields.some((field) => field?.toLocaleLowerCase().includes(needle));
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

export function matchesStatus(device: Device, filter: StatusFilter, position: Position | undefined): boolean {
  if (filter === 'all') return true;
  if (filter === 'moving') return isMoving(position);
  return deviceStatus(device) === filter;
}

export function byName(a: Device, b: Device): number {
  return a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });
}
