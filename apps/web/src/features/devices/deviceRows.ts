import type { Device, Group, Position } from '@rastro/api';
import type { DeviceFilters } from '../../state/deviceFilters.ts';
import { matchesQuery, passesFilters } from './deviceFilter.ts';
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
  statusLabel: (device: Device) => string;
  sort: DeviceSort;
  context: SortContext;
  /** When given, devices are listed under their groups (by group name, devices without one last). */
  groups?: ReadonlyMap<number, Group>;
}

/** Whether the list shows a device: the filters and the text query (its status label asked only for a query). */
export function isShown(device: Device, position: Position | undefined, { filters, query, statusLabel }: Pick<RowsInput, 'filters' | 'query' | 'statusLabel'>): boolean {
  return passesFilters(device, position, filters) && (query.trim() === '' || matchesQuery(device, query, statusLabel(device)));
}

/** The full computation; `ListOrder` keeps the same result up to date change by change. */
export function deviceRows(input: RowsInput): ListRow[] {
  const shown = input.devices.filter((device) => isShown(device, input.positions.get(device.id), input));
  return groupRows(sortDevices(shown, input.sort, input.context), input.groups);
}

const newRow = (device: Device): ListRow => ({ kind: 'device', device });

/** Rows of devices already in list order, under group headers when `groups` is given; `rowOf` may reuse row objects. */
export function groupRows(sorted: readonly Device[], groups: ReadonlyMap<number, Group> | undefined, rowOf: (device: Device) => ListRow = newRow): ListRow[] {
  if (!groups) return sorted.map(rowOf);

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
    return [header, ...members.map(rowOf)];
  });
}
