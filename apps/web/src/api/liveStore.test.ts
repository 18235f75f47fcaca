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

  it('leaves positions it already holds untouched, as the socket repeats the REST list on opening', () => {
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
