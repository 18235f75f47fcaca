import { describe, expect, it } from 'vitest';
import { countByStatus, deviceCategory, visibleDevices } from './deviceFilter.ts';
import { nameRanks } from './deviceSort.ts';
import { random, randomFleet, randomStep, type FleetSnapshot } from './fleetRandom.testing.ts';
import { FleetSummaryIndex } from './fleetSummary.ts';

/** The figures computed over the whole fleet, as the list did on every refresh. */
function full({ devices, positions }: FleetSnapshot) {
  const visible = visibleDevices(devices.values());
  const categories = new Map<string, number>();
  visible.forEach((device) => categories.set(deviceCategory(device), (categories.get(deviceCategory(device)) ?? 0) + 1));
  return { counts: countByStatus(visible, positions), categories: [...categories].sort(([a], [b]) => a.localeCompare(b)), nameRank: nameRanks(visible) };
}

describe('FleetSummaryIndex', () => {
  it('equals the full recomputation after random sequences of updates', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const next = random(seed);
      let fleet = randomFleet(next, 60);
      const index = new FleetSummaryIndex();
      for (let step = 0; step < 60; step++) {
        const summary = index.update(fleet.devices, fleet.positions);
        const expected = full(fleet);
        expect(summary.counts).toEqual(expected.counts);
        expect([...summary.categories]).toEqual(expected.categories);
        expect(summary.nameRank).toEqual(expected.nameRank);
        fleet = randomStep(next, fleet);
      }
    }
  });

  it('keeps its objects when nothing they show changed', () => {
    const next = random(7);
    const fleet = randomFleet(next, 30);
    const index = new FleetSummaryIndex();
    const first = index.update(fleet.devices, fleet.positions);
    expect(index.update(fleet.devices, fleet.positions)).toBe(first);
    // a new position object that changes nothing counted: same counts, categories and ranks
    const id = [...fleet.positions.keys()][0];
    const positions = fleet.positions.with(new Map([[id, { ...fleet.positions.get(id)! }]]));
    const second = index.update(fleet.devices, positions);
    expect(second.counts).toBe(first.counts);
    expect(second.categories).toBe(first.categories);
    expect(second.nameRank).toBe(first.nameRank);
  });
});
