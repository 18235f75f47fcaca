import { describe, expect, it } from 'vitest';
import type { Group } from '@rastro/api';
import { makeDevice } from '../../testing/fixtures.ts';
import { NO_FILTERS } from '../../state/deviceFilters.ts';
import { deviceRows, type RowsInput } from './deviceRows.ts';
import { nameRanks } from './deviceSort.ts';

const devices = [
  makeDevice({ id: 1, name: 'Carro', groupId: 10 }),
  makeDevice({ id: 2, name: 'Bus', groupId: null, status: 'offline' }),
  makeDevice({ id: 3, name: 'Aero', groupId: 11 }),
];
const input: RowsInput = {
  devices,
  positions: new Map(),
  filters: NO_FILTERS,
  query: '',
  statusLabel: () => '',
  sort: { key: 'name', direction: 'asc' },
  context: { positions: new Map(), anchored: new Set(), nameRank: nameRanks(devices) },
};

describe('deviceRows', () => {
  it('filters, matches the query and sorts', () => {
    const ids = (rows: ReturnType<typeof deviceRows>) => rows.map((row) => (row.kind === 'device' ? row.device.id : row.key));
    expect(ids(deviceRows(input))).toEqual([3, 2, 1]);
    expect(ids(deviceRows({ ...input, filters: { ...NO_FILTERS, status: 'online' } }))).toEqual([3, 1]);
    expect(ids(deviceRows({ ...input, query: 'car' }))).toEqual([1]);
  });

  it('lists devices under their groups when asked, those without a group last', () => {
    const groups = new Map<number, Group>([
      [10, { id: 10, name: 'Vendas', groupId: null, attributes: {} }],
      [11, { id: 11, name: 'Diretoria', groupId: null, attributes: {} }],
    ]);
    const rows = deviceRows({ ...input, groups });
    expect(rows.map((row) => (row.kind === 'device' ? row.device.id : `${row.name}:${row.count}`))).toEqual([
      'Diretoria:1', 3, 'Vendas:1', 1, 'null:1', 2,
    ]);
  });
});
