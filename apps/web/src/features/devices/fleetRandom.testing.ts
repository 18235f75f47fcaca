import type { Device, Position } from '@rastro/api';
import { ShardedMap } from '../../api/shardedMap.ts';
import { makeDevice, makePosition } from '../../testing/fixtures.ts';

/** A small seeded generator, so a failing sequence replays the same. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pick = <T,>(next: () => number, values: readonly T[]): T => values[Math.floor(next() * values.length)];

export function randomDevice(next: () => number, id: number): Device {
  return makeDevice({
    id,
    name: `${pick(next, ['Van', 'van', 'Bus', 'Carro', 'Moto'])} ${Math.floor(next() * 20)}`,
    // one in ten soft-deleted (not listed)
    uniqueId: next() < 0.1 ? `deleted-${id}-1` : String(100000 + id),
    status: pick<Device['status']>(next, ['online', 'offline', 'unknown', null]),
    category: pick(next, [null, 'car', 'truck', 'bus']),
    groupId: pick(next, [null, 1, 2, 99]),
    lastUpdate: pick(next, [null, '2024-05-01T10:00:00.000+00:00', '2024-05-01T11:00:00.000+00:00', `2024-05-01T12:00:0${Math.floor(next() * 10)}.000+00:00`]),
    attributes: next() < 0.3 ? { driver: pick(next, ['', 'Ana', 'Zé']) } : {},
  });
}

export function randomPosition(next: () => number, deviceId: number): Position {
  return makePosition({
    deviceId,
    id: Math.floor(next() * 1e9),
    fixTime: `2024-05-01T09:00:0${Math.floor(next() * 10)}.000+00:00`,
    attributes: {
      motion: next() < 0.5,
      ignition: next() < 0.5,
      blocked: next() < 0.2,
      ...(next() < 0.2 ? { alarm: pick(next, ['sos', '', true]) } : {}),
      ...(next() < 0.2 ? { driverUniqueId: pick(next, ['Bia', '']) } : {}),
    },
  });
}

export interface FleetSnapshot {
  devices: ShardedMap<Device>;
  positions: ShardedMap<Position>;
}

export function randomFleet(next: () => number, size: number): FleetSnapshot {
  const ids = Array.from({ length: size }, (_, index) => index + 1);
  return {
    devices: ShardedMap.from(ids.map((id) => [id, randomDevice(next, id)] as const)),
    positions: ShardedMap.from(ids.filter(() => next() < 0.8).map((id) => [id, randomPosition(next, id)] as const)),
  };
}

/**
 * The next snapshot, as the live store makes it: a few positions and devices replaced (some with
 * a changed name, status, group, soft deletion…), sometimes a device added.
 */
export function randomStep(next: () => number, { devices, positions }: FleetSnapshot): FleetSnapshot {
  const size = devices.size;
  const deviceChanges = new Map<number, Device>();
  const positionChanges = new Map<number, Position>();
  const changes = 1 + Math.floor(next() * 8);
  for (let k = 0; k < changes; k++) {
    const id = 1 + Math.floor(next() * (size + (next() < 0.1 ? 3 : 0)));
    const roll = next();
    if (roll < 0.6) positionChanges.set(id, randomPosition(next, id));
    else if (roll < 0.8 && devices.get(id)) {
      // the same device with only its live fields changed: no name, group or category change
      const device = devices.get(id)!;
      deviceChanges.set(id, { ...device, status: pick(next, ['online', 'offline'] as const), lastUpdate: `2024-05-01T13:00:0${Math.floor(next() * 10)}.000+00:00` });
    } else deviceChanges.set(id, randomDevice(next, id));
  }
  return { devices: devices.with(deviceChanges), positions: positions.with(positionChanges) };
}
