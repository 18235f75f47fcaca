import { describe, expect, it } from 'vitest';
import type { Device, Group } from '@rastro/api';
import { NO_FILTERS, type DeviceFilters } from '../../state/deviceFilters.ts';
import { visibleDevices } from './deviceFilter.ts';
import { deviceStatus } from './deviceStatus.ts';
import { deviceRows, type ListRow } from './deviceRows.ts';
import { SORT_KEYS, nameRanks, type DeviceSort } from './deviceSort.ts';
import { random, randomFleet, randomStep, type FleetSnapshot } from './fleetRandom.testing.ts';
import { ListOrder, type ListSettings } from './listOrder.ts';

const ids = (rows: readonly ListRow[]) => rows.map((row) => (row.kind === 'device' ? row.device.id : `${row.key}:${row.name}:${row.count}`));
const statusLabel = (device: Device) => `label-${deviceStatus(device)}`;
const groups = new Map<number, Group>([
  [1, { id: 1, name: 'Norte', groupId: null, attributes: {} }],
  [2, { id: 2, name: 'Sul', groupId: null, attributes: {} }],
]);
const FILTERS: DeviceFilters[] = [
  NO_FILTERS,
  { ...NO_FILTERS, status: 'online' },
  { ...NO_FILTERS, motionOnly: true },
  { ...NO_FILTERS, hiddenCategories: ['car'], status: 'offline' },
  { ...NO_FILTERS, onlyDeviceId: 3 },
];

function full({ devices, positions }: FleetSnapshot, settings: ListSettings): ListRow[] {
  const visible = visibleDevices(devices.values());
  return deviceRows({ ...settings, devices: visible, positions, context: { positions, anchored: settings.anchored, nameRank: settings.nameRank } });
}

describe('ListOrder', () => {
  it('equals deviceRows after random sequences of updates, for every sort, filter, query and grouping', () => {
    let seed = 0;
    for (const key of SORT_KEYS) {
      for (const direction of ['asc', 'desc'] as const) {
        const sort: DeviceSort = { key, direction };
        for (const [f, filters] of FILTERS.entries()) {
          const next = random(++seed);
          let fleet = randomFleet(next, 50);
          const order = new ListOrder();
          const anchored = new Set([2, 5, 8]);
          let nameRank = nameRanks(visibleDevices(fleet.devices.values()));
          let settings: ListSettings = { filters, query: f === 1 ? 'van' : '', statusLabel, sort, anchored, nameRank, groups: f % 2 ? groups : undefined };
          for (let step = 0; step < 40; step++) {
            expect(ids(order.rowsOf(fleet.devices, fleet.positions, settings))).toEqual(ids(full(fleet, settings)));
            fleet = randomStep(next, fleet);
            // the panel gives a new name order when names or the fleet change, which resorts in full
            const ranks = nameRanks(visibleDevices(fleet.devices.values()));
            if (JSON.stringify([...ranks]) !== JSON.stringify([...nameRank])) settings = { ...settings, nameRank: (nameRank = ranks) };
            if (step === 20) settings = { ...settings, query: 'label-off' };
          }
        }
      }
    }
  });

  it('keeps the same rows when no change moves a device', () => {
    const next = random(3);
    const fleet = randomFleet(next, 40);
    const settings: ListSettings = {
      filters: NO_FILTERS, query: '', statusLabel, sort: { key: 'name', direction: 'asc' },
      anchored: new Set(), nameRank: nameRanks(visibleDevices(fleet.devices.values())),
    };
    const order = new ListOrder();
    const first = order.rowsOf(fleet.devices, fleet.positions, settings);
    // new positions: by name with no filter, nothing moves
    const positions = fleet.positions.with(new Map([...fleet.positions].slice(0, 10).map(([id, position]) => [id, { ...position, attributes: { motion: true } }])));
    expect(order.rowsOf(fleet.devices, positions, settings)).toBe(first);
  });
});
