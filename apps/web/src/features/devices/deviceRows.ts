import type { Device, Group, Position } from '@rastro/api';
import { matchesQuery, passesFilters, type DeviceFilters } from '../../ui/deviceFilter.ts';
import { sortDevices, type DeviceSort, type SortContext } from './deviceSort.ts';

export type ListRow =
  | { kind: 'device'; device: Device }
  | { kind: 'group'; key: string; name: string | null; count: number };

export interface RowsInput {
  devices: readonly Device[];
  positions: ReadonlyMap<number, Position>;
  filters: DeviceFilters;
  query: string;
  /** Translated label of a device's status, matched by the text query too. */
  statusLabel(device: Device): string;
  sort: DeviceSort;
  context: SortContext;
  /** When given, devices are listed under their groups (by group name, devices without one last). */
  groups?: ReadonlyMap<number, Group>;
}

export function deviceRows({ devices, positions, filters, query, statusLabel, sort, context, groups }: RowsInput): ListRow[] {
  const shown = devices.filter(
    (device) => passesFilters(device, positions.get(device.id), filters) && matchesQuery(device, query, statusLabel(device)),
  );
  const sorted = sortDevices(shown, sort, context);
  if (!groups) return sorted.map((device) => ({ kind: 'device', device }));

  const byGroup = new Map<number | null, Device[]>();
  for (const device of sorted) {
    const groupId = device.groupId && groups.has(device.groupId) ? device.groupId : null;
    const members = byGroup.get(groupId);
    if (members) members.push(device);
    else byGroup.set(groupId, [device]);
  }
  const order = [...byGroup.keys()].sort((a, b) => {
    if (a === null || b === null) return a === null ? 1 : -1;
    return (groups.get(a)?.name ?? '').localeCompare(groups.get(b)?.name ?? '', undefined, { numeric: true });
  });
  return order.flatMap((groupId) => {
    const members = byGroup.get(groupId) ?? [];
    const header: ListRow = { kind: 'group', key: `group-${groupId ?? 'none'}`, name: groupId === null ? null : (groups.get(groupId)?.name ?? null), count: members.length };
    return [header, ...members.map((device): ListRow => ({ kind: 'device', device }))];
  });
}
