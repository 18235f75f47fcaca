import { describe, expect, it } from 'vitest';
import { ShardedMap, changedKeys } from './shardedMap.ts';

describe('ShardedMap', () => {
  const base = ShardedMap.from<string>([[1, 'a'], [2, 'b'], [300, 'c']]);

  it('reads like a map', () => {
    expect(base.size).toBe(3);
    expect(base.get(300)).toBe('c');
    expect(base.has(4)).toBe(false);
    expect(new Map(base)).toEqual(new Map([[1, 'a'], [2, 'b'], [300, 'c']]));
    expect([...base.keys()].sort((a, b) => a - b)).toEqual([1, 2, 300]);
  });

  it('applies changes to a copy, leaving the original as it was', () => {
    const next = base.with(new Map([[2, 'B'], [7, 'g']]));
    expect(next.get(2)).toBe('B');
    expect(next.size).toBe(4);
    expect(base.get(2)).toBe('b');
    expect(base.size).toBe(3);
    expect(base.with(new Map())).toBe(base);
  });

  it('names the keys that changed between snapshots', () => {
    const next = base.with(new Map([[2, 'B'], [7, 'g']]));
    expect(next.changedKeys(base).sort((a, b) => a - b)).toEqual([2, 7]);
    expect(changedKeys(base, next).sort((a, b) => a - b)).toEqual([2, 7]);
    expect(changedKeys(next, next)).toEqual([]);
  });

  it('answers again from its last comparison only for the same earlier snapshot', () => {
    const middle = base.with(new Map([[2, 'B']]));
    const next = middle.with(new Map([[7, 'g']]));
    const first = next.changedKeys(middle);
    first.push(99);
    expect(next.changedKeys(middle)).toEqual([7]);
    expect(next.changedKeys(base).sort((a, b) => a - b)).toEqual([2, 7]);
    expect(next.changedKeys(middle)).toEqual([7]);
  });

  it('compares plain maps too, removals included', () => {
    expect(changedKeys(new Map([[1, 'a'], [2, 'b']]), new Map([[1, 'a'], [3, 'c']])).sort()).toEqual([2, 3]);
  });
});
