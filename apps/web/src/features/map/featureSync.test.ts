import { describe, expect, it } from 'vitest';
import type { Device, Position } from '@rastro/api';
import { makeDevice, makePosition } from '../../testing/fixtures.ts';
import { deviceFeature } from './deviceFeatures.ts';
import { FeatureSync, type FeatureBuilder } from './featureSync.ts';

const options = { names: false, plates: false, status: true };
const build: FeatureBuilder = (device, position) => (position ? deviceFeature(device, position, options) : null);

describe('FeatureSync', () => {
  const devices = new Map<number, Device>([1, 2, 3].map((id) => [id, makeDevice({ id })]));
  const positions = new Map<number, Position>([1, 2].map((id) => [id, makePosition({ deviceId: id })]));

  it('builds every drawn feature', () => {
    const sync = new FeatureSync(build);
    expect(sync.all(devices, positions).map((f) => f.id)).toEqual([1, 2]);
  });

  it('diffs only the devices whose objects changed', () => {
    const sync = new FeatureSync(build);
    sync.all(devices, positions);
    expect(sync.diff(devices, positions)).toBeNull();

    const moved = new Map(positions).set(2, makePosition({ deviceId: 2, latitude: -20 })).set(3, makePosition({ deviceId: 3 }));
    const diff = sync.diff(devices, moved);
    expect(diff?.add.map((f) => f.id).sort()).toEqual([2, 3]);
    expect(diff?.remove).toEqual([]);
  });

  it('removes features of deleted devices and of devices the builder now skips', () => {
    const sync = new FeatureSync(build);
    sync.all(devices, positions);
    const fewer = new Map(devices);
    fewer.delete(1);
    expect(sync.diff(fewer, positions)).toEqual({ add: [], remove: [1] });
  });
});
