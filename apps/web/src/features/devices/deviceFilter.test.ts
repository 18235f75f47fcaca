import { describe, expect, it } from 'vitest';
import { makeDevice, makePosition } from '../../testing/fixtures.ts';
import { byName, countByStatus, matchesQuery, matchesStatus, visibleDevices } from './deviceFilter.ts';

const truck = makeDevice({
  id: 1, name: 'Caminhão 7', uniqueId: '860000111', phone: '+5511999', model: 'GT06', category: 'truck',
  status: 'online', attributes: { plate: 'ABC1D23', 'tarkan.color': '#ff0000', fuel: 42 },
});

describe('matchesQuery', () => {
  it('matches every searchable field, ignoring case', () => {
    for (const query of ['caminhão', '860000', '5511', 'gt06', 'TRUCK', 'online', 'abc1d23', '42']) {
      expect(matchesQuery(truck, query), query).toBe(true);
    }
  });

  it('matches the translated status label when given', () => {
    expect(matchesQuery(truck, 'conectado', 'Conectado')).toBe(true);
    expect(matchesQuery(truck, 'conectado')).toBe(false);
  });

  it('treats a blank query as match-all and rejects non-matches', () => {
    expect(matchesQuery(truck, '   ')).toBe(true);
    expect(matchesQuery(truck, 'bicycle')).toBe(false);
  });

  it('treats a missing status as unknown', () => {
    expect(matchesQuery(makeDevice({ id: 2, status: null }), 'unknown')).toBe(true);
  });
});

describe('status counts and filters', () => {
  const devices = visibleDevices([
    truck,
    makeDevice({ id: 2, status: 'offline' }),
    makeDevice({ id: 3, status: null }),
    makeDevice({ id: 4, status: 'online' }),
    makeDevice({ id: 5, status: 'online', uniqueId: 'deleted-123-1700000000' }),
  ]);
  const positions = new Map([
    [1, makePosition({ deviceId: 1, attributes: { motion: true } })],
    [4, makePosition({ deviceId: 4, attributes: { motion: false }, speed: 3 })],
  ]);

  it('hides soft-deleted devices', () => {
    expect(devices.map((d) => d.id)).toEqual([1, 2, 3, 4]);
  });

  it('counts all, each status and devices in motion', () => {
    expect(countByStatus(devices, positions)).toEqual({ all: 4, online: 2, offline: 1, unknown: 1, moving: 1 });
  });

  it('filters by status or motion', () => {
    expect(devices.filter((d) => matchesStatus(d, 'online', positions.get(d.id))).map((d) => d.id)).toEqual([1, 4]);
    expect(devices.filter((d) => matchesStatus(d, 'unknown', positions.get(d.id))).map((d) => d.id)).toEqual([3]);
    expect(devices.filter((d) => matchesStatus(d, 'moving', positions.get(d.id))).map((d) => d.id)).toEqual([1]);
    expect(devices.filter((d) => matchesStatus(d, 'all', positions.get(d.id)))).toHaveLength(4);
  });
});

describe('byName', () => {
  it('sorts naturally', () => {
    const names = ['Van 10', 'van 2', 'Bus'].map((name, id) => makeDevice({ id, name }));
    expect(names.sort(byName).map((d) => d.name)).toEqual(['Bus', 'van 2', 'Van 10']);
  });
});
