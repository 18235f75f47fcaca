import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Device, Event, Position, SocketMessage } from '@rastro/api';
import { ShardedMap } from './shardedMap.ts';

export interface LiveState {
  devices: ShardedMap<Device>;
  /** Latest position per device id. */
  positions: ShardedMap<Position>;
}

export interface LiveStore {
  getState: () => LiveState;
  subscribe: (listener: () => void) => () => void;
  subscribeEvents: (listener: (events: Event[]) => void) => () => void;
  replaceDevices: (devices: readonly Device[]) => void;
  replacePositions: (positions: readonly Position[]) => void;
  /** Queues a socket frame; queued frames are applied together on the next flush. */
  push: (message: SocketMessage) => void;
}

type Scheduler = (flush: () => void) => void;

/** Events queued while the page is hidden (no animation frames) are capped so a return does not flood. */
const MAX_PENDING_EVENTS = 50;

const nextFrame: Scheduler = (flush) => requestAnimationFrame(() => flush());

/**
 * Whether `held` is the same position as `incoming` or a later one: later fix first, then the
 * higher id (a message without a fix reuses the last fix time, and the server stored it later).
 * The REST list and the socket frames are merged by this one rule, so the order in which they
 * arrive never decides which position a device shows.
 */
function holdsAtLeast(held: Position | undefined, incoming: Position): held is Position {
  if (held === undefined) return false;
  const heldTime = Date.parse(held.fixTime);
  const incomingTime = Date.parse(incoming.fixTime);
  return heldTime > incomingTime || (heldTime === incomingTime && held.id >= incoming.id);
}

/**
 * Positions by device; a position the store already holds keeps its object, so the map and the
 * list, which find changes by reference, see no change for it. A newer one it holds stays too: a
 * socket frame applied while the list was on its way is later than the list's copy.
 */
function byDevice(positions: readonly Position[], previous: ReadonlyMap<number, Position>): ShardedMap<Position> {
  return ShardedMap.from(positions.map((position) => {
    const held = previous.get(position.deviceId);
    return [position.deviceId, holdsAtLeast(held, position) ? held : position] as const;
  }));
}

/** Store of live devices and positions; socket frames are merged at most once per `schedule` tick. */
export function createLiveStore(schedule: Scheduler = nextFrame): LiveStore {
  let state: LiveState = { devices: ShardedMap.from([]), positions: ShardedMap.from([]) };
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(events: Event[]) => void>();
  let pendingDevices = new Map<number, Device>();
  let pendingPositions = new Map<number, Position>();
  let pendingEvents: Event[] = [];
  let scheduled = false;

  const emit = (next: LiveState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const flush = () => {
    scheduled = false;
    const devices = pendingDevices;
    const positions = pendingPositions;
    const events = pendingEvents;
    pendingDevices = new Map();
    pendingPositions = new Map();
    pendingEvents = [];
    // the socket opens with the latest positions, which the REST list usually already brought; a
    // frame queued before a newer REST list landed must not move the device back either
    for (const [deviceId, position] of positions) if (holdsAtLeast(state.positions.get(deviceId), position)) positions.delete(deviceId);
    if (devices.size > 0 || positions.size > 0) {
      emit({ devices: state.devices.with(devices), positions: state.positions.with(positions) });
    }
    if (events.length > 0) eventListeners.forEach((listener) => listener(events));
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeEvents(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    // frames still queued are newer than the REST snapshot and apply on top of it at the next flush
    replaceDevices(devices) {
      emit({ ...state, devices: ShardedMap.from(devices.map((device) => [device.id, device] as const)) });
    },
    replacePositions(positions) {
      emit({ ...state, positions: byDevice(positions, state.positions) });
    },
    push(message) {
      message.devices?.forEach((device) => pendingDevices.set(device.id, device));
      message.positions?.forEach((position) => {
        if (!holdsAtLeast(pendingPositions.get(position.deviceId), position)) pendingPositions.set(position.deviceId, position);
      });
      if (message.events) pendingEvents = [...pendingEvents, ...message.events].slice(-MAX_PENDING_EVENTS);
      if (!scheduled && (pendingDevices.size > 0 || pendingPositions.size > 0 || pendingEvents.length > 0)) {
        scheduled = true;
        schedule(flush);
      }
    },
  };
}

export const liveStore = createLiveStore();

export function useLiveDevices(): ReadonlyMap<number, Device> {
  return useSyncExternalStore(liveStore.subscribe, () => liveStore.getState().devices);
}

export function useLivePositions(): ReadonlyMap<number, Position> {
  return useSyncExternalStore(liveStore.subscribe, () => liveStore.getState().positions);
}

/** One device as it is live: re-renders only when that device changes, not on every frame of the fleet. */
export function useLiveDevice(deviceId: number | null): Device | undefined {
  return useSyncExternalStore(liveStore.subscribe, () => (deviceId === null ? undefined : liveStore.getState().devices.get(deviceId)));
}

/** One device's latest position, re-rendering only when it changes. */
export function useLivePosition(deviceId: number): Position | undefined {
  return useSyncExternalStore(liveStore.subscribe, () => liveStore.getState().positions.get(deviceId));
}

/**
 * The live state at most once per `intervalMs`: for work over the whole fleet (filtering and
 * sorting ten thousand devices) that need not follow every frame.
 */
export function useThrottledLiveState(intervalMs: number): LiveState {
  const [state, setState] = useState(liveStore.getState);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const update = () => {
      timer = undefined;
      last = Date.now();
      setState(liveStore.getState());
    };
    update();
    const unsubscribe = liveStore.subscribe(() => {
      timer ??= setTimeout(update, Math.max(0, last + intervalMs - Date.now()));
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [intervalMs]);
  return state;
}
