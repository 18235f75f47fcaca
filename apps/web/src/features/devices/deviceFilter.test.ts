import { describe, expect, it } from 'vitest';
import { makeDevice, makePosition } from '../../testing/fixtures.ts';
import { NO_FILTERS } from '../../state/deviceFilters.ts';
import { countByStatus, deviceCategory, matchesQuery, passesFilters, visibleDevices } from './deviceFilter.ts';

const truck = makeDevice({
  id: 1, name: 'Caminhão 7', uniqueId: '860000111', phone: '+5511999', model: 'GT06', contact: 'Rui', category: 'truck',
  status: 'online', attributes: { plate: 'ABC1D23', 'tarkan.color': '#ff0000', fuel: 42 },
});

describe('matchesQuery', () => {
  it('matches every searchable field, ignoring case', () => {
    for (const query of ['caminhão', '860000', '5511', 'gt06', 'rui', 'TRUCK', 'online', 'abc1d23', '42']) {
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
    makeDevice({ id: 2, status: 'offline', category: 'car' }),
    makeDevice({ id: 3, status: null }),
    makeDevice({ id: 4, status: 'online', category: 'car' }),
    makeDevice({ id: 5, status: 'online', uniqueId: 'deleted-123-1700000000' }),
  ]);
  const positions = new Map([
    [1, makePosition({ deviceId: 1, attributes: { motion: true } })],
    [4, makePosition({ deviceId: 4, attributes: { motion: false }, speed: 3 })],
  ]);
  const ids = (filters: typeof NO_FILTERS) => devices.filter((d) => passesFilters(d, positions.get(d.id), filters)).map((d) => d.id);

  it('hides soft-deleted devices', () => {
    expect(devices.map((d) => d.id)).toEqual([1, 2, 3, 4]);
  });

  it('counts all, each status and devices in motion', () => {
    expect(countByStatus(devices, positions)).toEqual({ all: 4, online: 2, offline: 1, unknown: 1, moving: 1 });
  });

  it('filters by status, motion, hidden categories and a single device', () => {
    expect(ids(NO_FILTERS)).toEqual([1, 2, 3, 4]);
    expect(ids({ ...NO_FILTERS, status: 'online' })).toEqual([1, 4]);
    expect(ids({ ...NO_FILTERS, status: 'unknown' })).toEqual([3]);
    expect(ids({ ...NO_FILTERS, motionOnly: true })).toEqual([1]);
    expect(ids({ ...NO_FILTERS, status: 'offline', motionOnly: true })).toEqual([]);
    expect(ids({ ...NO_FILTERS, hiddenCategories: ['car'] })).toEqual([1, 3]);
    expect(ids({ ...NO_FILTERS, hiddenCategories: ['default'] })).toEqual([1, 2, 4]);
    expect(ids({ ...NO_FILTERS, onlyDeviceId: 2 })).toEqual([2]);
  });

  it('gives devices without a category the default one', () => {
    expect(deviceCategory(makeDevice({ id: 9, category: null }))).toBe('default');
    expect(deviceCategory(makeDevice({ id: 9, category: '' }))).toBe('default');
  });
});
