import { describe, expect, it } from 'vitest';
import type { StoredPosition } from '../types.ts';
import { MotionDetector } from './motion.ts';
import type { MotionState } from './state.ts';

const context = { lookup: () => undefined };
let nextId = 1;
const at = (seconds: number, latitude: number): StoredPosition => ({
  id: nextId++, deviceId: 7, protocol: 'test', serverTime: seconds * 1000, deviceTime: seconds * 1000, fixTime: seconds * 1000,
  valid: true, outdated: false, latitude, longitude: -46.6, altitude: 0, speed: 0, course: 0, accuracy: 0, address: null,
  network: null, geofenceIds: null, attributes: {},
});
const fresh = (): MotionState => ({ motionStreak: 0, motionTime: null, motionLatitude: null, motionLongitude: null, motionPositionId: null });

describe('motion detection (Traccar new logic)', () => {
  it('ignores jitter within 200 m', () => {
    const detector = new MotionDetector();
    const state = fresh();
    const events = [0, 60, 120, 180, 240].flatMap((t, i) => detector.handle(at(t, -23.5 + (i % 2) * 0.001), state, context));
    expect(events).toEqual([]);
    expect(state.motionStreak).toBe(0);
  });

  it('turns a silence of over an hour that covered ground into a trip of its own', () => {
    const detector = new MotionDetector();
    const state = fresh();
    const before = at(0, -23.5);
    detector.handle(before, state, context);
    const after = at(7200, -23.4); // 11 km in 2 h: faster on average than 200 m per 180 s
    const events = detector.handle(after, state, context);
    expect(events.map((e) => [e.type, e.positionId])).toEqual([['deviceMoving', before.id], ['deviceStopped', after.id]]);
    expect(state.motionStreak).toBe(0);
  });

  it('closes an open trip at the last position before a long silence in place', () => {
    const detector = new MotionDetector();
    const state = fresh();
    const moving = [0, 10, 20, 30].map((t, i) => at(t, -23.5 + i * 0.001));
    const events = moving.flatMap((p) => detector.handle(p, state, context));
    expect(events.map((e) => e.type)).toEqual(['deviceMoving']);
    const later = detector.handle(at(5000, -23.497), state, context);
    expect(later.map((e) => [e.type, e.positionId])).toEqual([['deviceStopped', moving[3].id]]);
  });
});
