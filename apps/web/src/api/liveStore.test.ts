import { describe, expect, it } from 'vitest';
import type { Device, Event } from '@rastro/api';
import { makeDevice, makePosition } from '../testing/fixtures.ts';
import { createLiveStore } from './liveStore.ts';

const device = (id: number, status: Device['status']) => makeDevice({ id, status });
const position = (deviceId: number, latitude: number) => makePosition({ deviceId, latitude, id: deviceId * 100 + latitude });

function manualScheduler() {
  const queue: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => queue.push(flush),
    runFrame: () => queue.splice(0).forEach((flush) => flush()),
    pending: () => queue.length,
  };
}

describe('live store', () => {
  it('applies many socket frames in one update per frame', () => {
    const frames = manualScheduler();
    const store = createLiveStore(frames.schedule);
    let notifications = 0;
    store.subscribe(() => notifications++);

    store.push({ positions: [position(1, 10)] });
    store.push({ positions: [position(1, 11)], devices: [device(1, 'online')] });
    store.push({ positions: [position(2, 20)] });
    expect(frames.pending()).toBe(1);
    expect(notifications).toBe(0);

    frames.runFrame();
    expect(notifications).toBe(1);
    expect(store.getState().positions.get(1)?.latitude).toBe(11);
    expect(store.getState().positions.get(2)?.latitude).toBe(20);
    expect(store.getState().devices.get(1)?.status).toBe('online');
  });

  it('keeps a position from the socket that is newer than the REST list answered after it', () => {
    const frames = manualScheduler();
    const store = createLiveStore(frames.schedule);
    const listed = makePosition({ deviceId: 1, id: 10, latitude: -23.5, fixTime: '2026-11-23T10:00:00.000+00:00' });
    const moved = makePosition({ deviceId: 1, id: 11, latitude: -23.6, fixTime: '2026-11-23T10:00:05.000+00:00' });
    store.push({ positions: [moved] });
    frames.runFrame();
    store.replacePositions([listed, position(2, 2)]);
    expect(store.getState().positions.get(1)).toBe(moved);
    expect(store.getState().positions.get(2)?.latitude).toBe(2);
    // a later list brings the newer position in its turn
    const later = makePosition({ deviceId: 1, id: 12, latitude: -23.7, fixTime: '2026-11-23T10:00:09.000+00:00' });
    store.replacePositions([later]);
    expect(store.getState().positions.get(1)).toBe(later);
  });

  it('leaves positions it already holds untouched when they come again', () => {
    const frames = manualScheduler();
    const store = createLiveStore(frames.schedule);
    let notifications = 0;
    store.replacePositions([position(1, 1), position(2, 2)]);
    const held = store.getState().positions;
    store.subscribe(() => notifications++);

    store.push({ positions: [position(1, 1), position(2, 2)] });
    frames.runFrame();
    expect(notifications).toBe(0);
    expect(store.getState().positions).toBe(held);

    // the REST list arriving after the socket's copy keeps the objects too
    store.replacePositions([position(1, 1), position(2, 3)]);
    expect(store.getState().positions.get(1)).toBe(held.get(1));
    expect(store.getState().positions.get(2)?.latitude).toBe(3);
  });

  it('ignores keepalive frames', () => {
    const frames = manualScheduler();
    const store = createLiveStore(frames.schedule);
    store.push({});
    expect(frames.pending()).toBe(0);
  });

  it('keeps unchanged slices referentially stable', () => {
    const frames = manualScheduler();
    const store = createLiveStore(frames.schedule);
    store.replaceDevices([device(1, 'offline')]);
    const devices = store.getState().devices;
    store.push({ positions: [position(1, 5)] });
    frames.runFrame();
    expect(store.getState().devices).toBe(devices);
  });

  it('replaces lists loaded over REST and delivers events to event listeners', () => {
    const frames = manualScheduler();
    const store = createLiveStore(frames.schedule);
    store.replacePositions([position(1, 1), position(2, 2)]);
    store.replacePositions([position(3, 3)]);
    expect([...store.getState().positions.keys()]).toEqual([3]);

    const received: Event[][] = [];
    store.subscribeEvents((events) => received.push(events));
    const event: Event = {
      id: 1, type: 'deviceOnline', eventTime: '', deviceId: 1, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {},
    };
    store.push({ events: [event] });
    store.push({ events: [{ ...event, id: 2 }] });
    frames.runFrame();
    expect(received.map((batch) => batch.map((e) => e.id))).toEqual([[1, 2]]);
  });
});
