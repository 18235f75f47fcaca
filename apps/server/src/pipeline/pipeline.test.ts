import { describe, expect, it } from 'vitest';
import type { DeviceContext } from './device-context.ts';
import { engineHours } from './engine-hours.ts';
import { filter } from './filter.ts';
import type { StoredPosition, WorkingPosition } from './types.ts';

const context = (settings: Record<string, unknown> = {}): DeviceContext => ({
  deviceId: 1, groupIds: [], lookup: (key) => settings[key], geofences: [], maintenances: [], computed: [], drivers: [], calendar: null,
});
const position = (seconds: number, latitude: number, attributes: Record<string, string | number | boolean> = {}): WorkingPosition => ({
  deviceId: 1, protocol: 'test', serverTime: 10_000_000, deviceTime: seconds * 1000, fixTime: seconds * 1000, valid: true, outdated: false,
  latitude, longitude: -46.6, altitude: 0, speed: 0, course: 0, accuracy: 0, address: null, network: null, geofenceIds: null, attributes,
});
const stored = (p: WorkingPosition): StoredPosition => ({ ...p, id: 1 });

describe('filter', () => {
  it('always drops impossible coordinates, and by default future fixes and exact duplicates', () => {
    expect(filter(position(0, 91), null, context())).toBeNull();
    expect(filter(position(10_000 + 86400 + 1, 0), null, context())).toBeNull();
    const last = stored(position(100, -23.5, { batteryLevel: 50 }));
    expect(filter(position(100, -23.5, { batteryLevel: 50 }), last, context())).toBeNull();
    expect(filter(position(100, -23.5, { batteryLevel: 50, alarm: 'sos' }), last, context())).not.toBeNull();
    expect(filter(position(100, -23.5, {}), last, context({ 'filter.duplicate': false }))).not.toBeNull();
  });

  it('applies the optional filters when configured', () => {
    const last = stored(position(0, -23.5));
    // 11 km in 10 s is about 2100 knots
    expect(filter(position(10, -23.4), last, context({ 'filter.maxSpeed': 200 }))).toBeNull();
    expect(filter(position(10, -23.4), last, context())).not.toBeNull();
    expect(filter(position(5, -23.5001), last, context({ 'filter.minPeriod': 10 }))).toBeNull();
    expect(filter(position(60, -23.5001), last, context({ 'filter.distance': 50 }))).toBeNull();
    expect(filter({ ...position(60, -23.6), valid: false }, last, context({ 'filter.invalid': true }))).toBeNull();
    expect(filter(position(60, 0), null, context({ 'filter.zero': true, 'filter.enable': true }))).not.toBeNull();
    expect(filter({ ...position(60, 0), longitude: 0 }, null, context({ 'filter.zero': true }))).toBeNull();
    expect(filter(position(60, -23.6, { approximate: true }), last, context({ 'filter.approximate': true }))).toBeNull();
    expect(filter(position(60, -23.6, { approximate: true }), last, context())).not.toBeNull();
    expect(filter(position(10_000 + 90000, 0), null, context({ 'filter.enable': false }))).not.toBeNull();
  });
});

describe('engine hours', () => {
  it('accumulates device time while the ignition stays on', () => {
    const a = stored(position(0, 0, { ignition: true }));
    const b = engineHours(position(600, 0, { ignition: true }), a, context())!;
    expect(b.attributes.hours).toBe(600_000);
    const c = engineHours(position(900, 0, { ignition: false }), stored(b), context())!;
    expect(c.attributes.hours).toBe(600_000);
    expect(engineHours(position(0, 0, { hours: 42 }), a, context())!.attributes.hours).toBe(42);
  });
});
