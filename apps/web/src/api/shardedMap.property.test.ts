import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShardedMap, changedKeys } from './shardedMap.ts';

/**
 * ShardedMap is an immutable ReadonlyMap of integer keys (device ids): `from` builds one and
 * `with` gives an updated copy (set semantics, there is no delete). Each snapshot must read
 * exactly as a JS Map built by the same operations, and keep doing so after later copies.
 */

/** Integer keys: small ones, negative ones, the same shard many times (multiples of 256), and extremes. */
const key = fc.oneof(
  fc.integer({ min: -20, max: 600 }),
  fc.integer({ min: -4, max: 4 }).map((n) => n * 256 + 3),
  fc.constantFrom(0, -0, 256, -256, 2 ** 31 - 1, -(2 ** 31), Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.integer(),
);
/** Values compared by identity, as the live store's positions are. */
const value = fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 3 }).map((n) => ({ n })));
const entries = fc.array(fc.tuple(key, value), { maxLength: 40 });

/**
 * Everything a reader can ask of a snapshot that differs from the model Map (empty when none).
 * Values are compared by identity; iteration order is not compared (shard by shard, not insertion).
 */
function differences<V>(actual: ShardedMap<V>, model: Map<number, V>, probes: number[]): string[] {
  const found: string[] = [];
  if (actual.size !== model.size) found.push(`size ${actual.size}, expected ${model.size}`);
  for (const k of [...model.keys(), ...probes]) {
    if (actual.has(k) !== model.has(k)) found.push(`has(${k})`);
    if (actual.get(k) !== model.get(k)) found.push(`get(${k})`);
  }
  const entries = [...actual];
  const keys = [...actual.keys()];
  const values = [...actual.values()];
  const each: [number, V][] = [];
  actual.forEach((v, k, map) => {
    if (map !== actual) found.push('forEach map argument');
    each.push([k, v]);
  });
  const asModel = (list: readonly (readonly [number, V])[], what: string) => {
    if (list.length !== model.size || new Map(list).size !== model.size) found.push(`${what}: ${list.length} entries, expected ${model.size}`);
    for (const [k, v] of list) if (!model.has(k) || model.get(k) !== v) found.push(`${what}: entry ${k}`);
  };
  asModel(entries, 'iterator');
  asModel([...actual.entries()], 'entries()');
  asModel(each, 'forEach');
  asModel(keys.map((k, i) => [k, values[i]] as const), 'keys() with values()');
  return found;
}

/** The keys whose value differs by identity between two models, removals included. */
function diff<V>(before: Map<number, V>, after: Map<number, V>): number[] {
  const keys = new Set<number>();
  for (const [k, v] of after) if (before.get(k) !== v || !before.has(k)) keys.add(k);
  for (const k of before.keys()) if (!after.has(k)) keys.add(k);
  return [...keys].sort((a, b) => a - b);
}

const sorted = (keys: number[]) => [...keys].sort((a, b) => a - b);

describe('ShardedMap against a Map (property)', () => {
  it('from(entries) and any sequence of with(changes) read as the same Map, and earlier snapshots never change', () => {
    fc.assert(
      fc.property(entries, fc.array(entries, { maxLength: 8 }), fc.array(key, { maxLength: 10 }), (initial, batches, probes) => {
        const models = [new Map(initial)];
        const snapshots = [ShardedMap.from(initial)];
        for (const batch of batches) {
          const changes = new Map(batch);
          models.push(new Map([...models.at(-1)!, ...changes]));
          const next = snapshots.at(-1)!.with(changes);
          if (changes.size === 0) expect(next).toBe(snapshots.at(-1));
          snapshots.push(next);
          // read the newest while it is newest, and again below once later copies exist
          expect(differences(next, models.at(-1)!, probes)).toEqual([]);
        }
        snapshots.forEach((snapshot, i) => expect(differences(snapshot, models[i], probes)).toEqual([]));
      }),
      { numRuns: 300 },
    );
  });

  it('changedKeys between any two snapshots of a history is the Map difference, asked once or again', () => {
    fc.assert(
      fc.property(entries, fc.array(entries, { minLength: 1, maxLength: 6 }), fc.nat(), fc.nat(), (initial, batches, i, j) => {
        const models = [new Map(initial)];
        const snapshots = [ShardedMap.from(initial)];
        for (const batch of batches) {
          models.push(new Map([...models.at(-1)!, ...batch]));
          snapshots.push(snapshots.at(-1)!.with(new Map(batch)));
        }
        const a = i % snapshots.length;
        const b = j % snapshots.length;
        const expected = diff(models[a], models[b]);
        const first = snapshots[b].changedKeys(snapshots[a]);
        expect(sorted(first)).toEqual(expected);
        first.push(-1);
        expect(sorted(snapshots[b].changedKeys(snapshots[a]))).toEqual(expected);
        expect(sorted(changedKeys(snapshots[a], snapshots[b]))).toEqual(a === b ? [] : expected);
        // against a plain Map the generic comparison gives the same keys
        expect(sorted(changedKeys(models[a], snapshots[b]))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
