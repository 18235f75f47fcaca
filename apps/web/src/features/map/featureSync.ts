import type { Device, Position } from '@rastro/api';
import { changedKeys } from '../../api/shardedMap.ts';
import type { DeviceFeature } from './deviceFeatures.ts';

/** What changed: features added or replaced, and ids of devices no longer drawn. */
export interface FeatureDiff {
  add: DeviceFeature[];
  remove: number[];
}

/** The feature of a device, or null when it is not drawn (no position, filtered out, soft-deleted). */
export type FeatureBuilder = (device: Device, position: Position | undefined) => DeviceFeature | null;

/**
 * Keeps the drawn device features in step with the live store. A full build happens when the way
 * features are built changes (filters, options); live updates then produce diffs of only the devices
 * whose device or position object changed (found by reference, shard by shard in the live store's
 * snapshots), so a few moves cost a few features, not the whole fleet.
 */
export class FeatureSync {
  private features = new Map<number, DeviceFeature>();
  private devices: ReadonlyMap<number, Device> = new Map();
  private positions: ReadonlyMap<number, Position> = new Map();

  constructor(private readonly build: FeatureBuilder) {}

  all(devices: ReadonlyMap<number, Device>, positions: ReadonlyMap<number, Position>): DeviceFeature[] {
    this.devices = devices;
    this.positions = positions;
    this.features = new Map();
    for (const device of devices.values()) {
      const feature = this.build(device, positions.get(device.id));
      if (feature) this.features.set(device.id, feature);
    }
    return this.drawn();
  }

  /** How many devices are drawn. */
  get size(): number {
    return this.features.size;
  }

  /** The features drawn now, in a stable order (a device keeps its place when it changes). */
  drawn(): DeviceFeature[] {
    return [...this.features.values()];
  }

  /** The changes since the last call; null when nothing drawn changed. */
  diff(devices: ReadonlyMap<number, Device>, positions: ReadonlyMap<number, Position>): FeatureDiff | null {
    const changed = new Set([...changedKeys(this.devices, devices), ...changedKeys(this.positions, positions)]);
    this.devices = devices;
    this.positions = positions;

    const diff: FeatureDiff = { add: [], remove: [] };
    for (const id of changed) {
      const device = devices.get(id);
      const feature = device ? this.build(device, positions.get(id)) : null;
      if (feature) {
        this.features.set(id, feature);
        diff.add.push(feature);
      } else if (this.features.delete(id)) {
        diff.remove.push(id);
      }
    }
    return diff.add.length || diff.remove.length ? diff : null;
  }
}
