import { describe, expect, it } from 'vitest';
import { makeDevice, makePosition } from '../../testing/fixtures.ts';
import { driverOf, nameRanks, nextSort, sortDevices, type SortContext, type SortKey } from './deviceSort.ts';

const devices = [
  makeDevice({ id: 1, name: 'Van 10', lastUpdate: '2024-05-01T10:00:00.000+00:00' }),
  makeDevice({ id: 2, name: 'van 2', lastUpdate: '2024-05-01T12:00:00.000+00:00', attributes: { driver: 'Zé' } }),
  makeDevice({ id: 3, name: 'Bus', lastUpdate: null }),
];
const context: SortContext = {
  positions: new Map([
    [1, makePosition({ deviceId: 1, attributes: { motion: true, ignition: true, driverUniqueId: 'Ana' } })],
    [3, makePosition({ deviceId: 3, fixTime: '2024-05-01T08:00:00.000+00:00', attributes: { blocked: true, alarm: 'sos' } })],
  ]),
  anchored: new Set([2]),
  nameRank: nameRanks(devices),
};
const order = (key: SortKey, direction: 'asc' | 'desc' = 'desc') => sortDevices(devices, { key, direction }, context).map((d) => d.id);

describe('sortDevices', () => {
  it('sorts names naturally, ignoring case', () => {
    expect(order('name', 'asc')).toEqual([3, 2, 1]);
    expect(order('name', 'desc')).toEqual([1, 2, 3]);
  });

  it("sorts by last update, the position's time standing in for a missing one", () => {
    expect(order('lastUpdate')).toEqual([2, 1, 3]);
    expect(order('lastUpdate', 'asc')).toEqual([3, 1, 2]);
  });

  it('puts moving, anchored, locked, ignition-on and alerting devices first when descending, ties by name', () => {
    expect(order('motion')).toEqual([1, 3, 2]);
    expect(order('anchor')).toEqual([2, 3, 1]);
    expect(order('locked')).toEqual([3, 2, 1]);
    expect(order('ignition')).toEqual([1, 3, 2]);
    expect(order('alert')).toEqual([3, 2, 1]);
    expect(order('alert', 'asc')).toEqual([2, 1, 3]);
  });

  it('sorts by driver, devices without one last either way', () => {
    expect(order('driver', 'asc')).toEqual([1, 2, 3]);
    expect(order('driver', 'desc')).toEqual([2, 1, 3]);
  });
});

describe('nextSort', () => {
  it('flips the direction of the same key and starts a new key sensibly', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'lastUpdate')).toEqual({ key: 'lastUpdate', direction: 'desc' });
    expect(nextSort({ key: 'alert', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});

describe('driverOf', () => {
  it('prefers the driver identified on the position', () => {
    expect(driverOf(devices[0], context.positions.get(1))).toBe('Ana');
    expect(driverOf(devices[1], undefined)).toBe('Zé');
    expect(driverOf(devices[2], context.positions.get(3))).toBe('');
  });
});
