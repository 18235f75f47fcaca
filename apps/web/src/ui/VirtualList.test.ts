import { describe, expect, it } from 'vitest';
import { indexAt, layout } from './VirtualList.tsx';

describe('virtual list layout', () => {
  it('stacks items of different heights', () => {
    expect(layout([36, 64, 64])).toEqual({ offsets: [0, 36, 100], total: 164 });
    expect(layout([])).toEqual({ offsets: [], total: 0 });
  });

  it('finds the item at an offset', () => {
    const { offsets } = layout([36, 64, 64, 64]);
    expect(indexAt(offsets, 0)).toBe(0);
    expect(indexAt(offsets, 35)).toBe(0);
    expect(indexAt(offsets, 36)).toBe(1);
    expect(indexAt(offsets, 163)).toBe(2);
    expect(indexAt(offsets, 10_000)).toBe(3);
    expect(indexAt([], 50)).toBe(0);
  });

  it('finds any of ten thousand rows quickly and exactly', () => {
    const { offsets } = layout(new Array(10_000).fill(64));
    expect(indexAt(offsets, 64 * 5_000 + 10)).toBe(5_000);
  });
});
