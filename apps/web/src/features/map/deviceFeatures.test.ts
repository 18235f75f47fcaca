import { describe, expect, it } from 'vitest';
import { makeDevice, makePosition } from '../../testing/fixtures.ts';
import { deviceFeatures } from './deviceFeatures.ts';

describe('deviceFeatures', () => {
  const devices = new Map([
    [1, makeDevice({ id: 1, name: 'Truck', status: 'online' })],
    [2, makeDevice({ id: 2, status: null })],
    [3, makeDevice({ id: 3, uniqueId: 'deleted-555-1700000000' })],
    [4, makeDevice({ id: 4 })],
  ]);
  const positions = new Map([
    [1, makePosition({ deviceId: 1, latitude: -23.5, longitude: -46.6, course: 90, attributes: { motion: true } })],
    [2, makePosition({ deviceId: 2 })],
    [3, makePosition({ deviceId: 3 })],
  ]);

  it('has one point per visible device with a position', () => {
    const collection = deviceFeatures(devices, positions);
    expect(collection.features.map((f) => f.properties.deviceId)).toEqual([1, 2]);
  });

  it('carries id, name, status, course and motion', () => {
    const [truck, other] = deviceFeatures(devices, positions).features;
    expect(truck.geometry.coordinates).toEqual([-46.6, -23.5]);
    expect(truck.properties).toEqual({ deviceId: 1, name: 'Truck', status: 'online', course: 90, moving: true });
    expect(other.properties.status).toBe('unknown');
    expect(other.properties.moving).toBe(false);
  });
});
