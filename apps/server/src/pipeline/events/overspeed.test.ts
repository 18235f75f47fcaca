import { parseArea } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import type { DeviceContext } from '../device-context.ts';
import type { StoredPosition } from '../types.ts';
import { overspeed } from './overspeed.ts';
import type { OverspeedState } from './state.ts';

const position = (speed: number, geofenceIds: number[] | null = null, seconds = 0): StoredPosition => ({
  id: 1, deviceId: 1, protocol: 'test', serverTime: 0, deviceTime: seconds * 1000, fixTime: seconds * 1000, valid: true, outdated: false,
  latitude: 0, longitude: 0, altitude: 0, speed, course: 0, accuracy: 0, address: null, network: null, geofenceIds, attributes: {},
});
const contextWith = (settings: Record<string, unknown>, geofenceLimit?: number): DeviceContext => ({
  deviceId: 1, groupIds: [], lookup: (key) => settings[key], maintenances: [], computed: [], drivers: [],
  geofences: geofenceLimit ? [{ id: 9, area: parseArea('CIRCLE (0 0, 10)'), attributes: { speedLimit: geofenceLimit }, calendar: null }] : [], calendar: null,
});
const fresh = (): OverspeedState => ({ overspeedState: 0, overspeedTime: null, overspeedGeofenceId: null });

describe('overspeed', () => {
  it('raises one event per excess over the device limit, again after slowing down', () => {
    const state = fresh();
    const context = contextWith({ speedLimit: 50 });
    const speeds = [40, 55, 60, 45, 70];
    const events = speeds.flatMap((s) => overspeed(position(s), state, context));
    expect(events.map((e) => e.attributes.speed)).toEqual([55, 70]);
  });

  it('uses the geofence limit while inside it, and waits the minimal duration', () => {
    const state = fresh();
    const context = contextWith({ speedLimit: 80, 'event.overspeed.minimalDuration': 20 }, 30);
    expect(overspeed(position(40, [9], 0), state, context)).toEqual([]);
    expect(overspeed(position(41, [9], 10), state, context)).toEqual([]);
    const [event] = overspeed(position(42, [9], 20), state, context);
    expect(event).toMatchObject({ type: 'deviceOverspeed', geofenceId: 9, attributes: { speed: 42, speedLimit: 30 } });
    expect(overspeed(position(40, null, 30), state, context)).toEqual([]);
  });

  it('does nothing without a limit', () => {
    expect(overspeed(position(300), fresh(), contextWith({}))).toEqual([]);
  });
});
