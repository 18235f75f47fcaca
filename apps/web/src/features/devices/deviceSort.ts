import type { Device, Position } from '@rastro/api';
import { isMoving } from './deviceStatus.ts';

/** Spec §4 sorting keys. */
export const SORT_KEYS = ['name', 'lastUpdate', 'motion', 'anchor', 'locked', 'ignition', 'driver', 'alert'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface DeviceSort {
  key: SortKey;
  direction: SortDirection;
}

/** Picking the current key flips its direction; a new key starts the way most useful first. */
export function nextSort(current: DeviceSort, key: SortKey): DeviceSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  // names A→Z; every other key descending: latest update, moving, anchored, locked… first
  return { key, direction: key === 'name' ? 'asc' : 'desc' };
}

export interface SortContext {
  positions: ReadonlyMap<number, Position>;
  /** Devices with an active anchor. */
  anchored: ReadonlySet<number>;
  /** Position of each device in name order (see `nameRanks`). */
  nameRank: ReadonlyMap<number, number>;
}

/** The driver of a device: the one identified on its latest position, else the one set on the device. */
export function driverOf(device: Device, position: Position | undefined): string {
  const fromPosition = position?.attributes.driverUniqueId;
  if (typeof fromPosition === 'string' && fromPosition !== '') return fromPosition;
  const fromDevice = device.attributes.driver;
  return typeof fromDevice === 'string' ? fromDevice : '';
}

export function hasAlarm(position: Position | undefined): boolean {
  const alarm = position?.attributes.alarm;
  return typeof alarm === 'string' ? alarm !== '' : alarm === true;
}

/** A comparable value per key: numbers, or strings for the driver. */
function sortValue(key: SortKey, device: Device, context: SortContext): number | string {
  const position = context.positions.get(device.id);
  switch (key) {
    case 'name':
      return context.nameRank.get(device.id) ?? 0;
    case 'lastUpdate': {
      const time = Date.parse(device.lastUpdate ?? position?.fixTime ?? '');
      return Number.isNaN(time) ? -Infinity : time;
    }
    case 'motion':
      return isMoving(position) ? 1 : 0;
    case 'anchor':
      return context.anchored.has(device.id) ? 1 : 0;
    case 'locked':
      return position?.attributes.blocked === true ? 1 : 0;
    case 'ignition':
      return position?.attributes.ignition === true ? 1 : 0;
    case 'driver':
      return driverOf(device, position).toLocaleLowerCase();
    case 'alert':
      return hasAlarm(position) ? 1 : 0;
  }
}

/** A device with its sort value and name rank, computed once per sort rather than per comparison. */
export interface Keyed {
  device: Device;
  value: number | string;
  rank: number;
}

export function keyed(device: Device, key: SortKey, context: SortContext): Keyed {
  return { device, value: sortValue(key, device, context), rank: context.nameRank.get(device.id) ?? 0 };
}

/** The list's order over keyed devices: the key in its direction, ties in name order. */
export function compareKeyed({ key, direction }: DeviceSort): (a: Keyed, b: Keyed) => number {
  const sign = direction === 'asc' ? 1 : -1;
  return (a, b) => {
    if (a.value !== b.value) {
      // a device without a driver goes last whichever the direction
      if (key === 'driver' && (a.value === '' || b.value === '')) return a.value === '' ? 1 : -1;
      return (a.value < b.value ? -1 : 1) * sign;
    }
    return a.rank - b.rank;
  };
}

/** Sorts by the key in its direction; ties stay in name order. */
export function sortDevices(devices: readonly Device[], sort: DeviceSort, context: SortContext): Device[] {
  return devices.map((device) => keyed(device, sort.key, context)).sort(compareKeyed(sort)).map((entry) => entry.device);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Each device's place in natural name order ("Van 2" before "Van 10"). */
export function nameRanks(devices: Iterable<Device>): Map<number, number> {
  const sorted = [...devices].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
  return new Map(sorted.map((device, index) => [device.id, index]));
}
