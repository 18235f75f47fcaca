import { describe, expect, it } from 'vitest';
import { advance, indexAtTime, POSITIONS_PER_SECOND } from './playback.ts';

describe('playback stepping', () => {
  it('moves two positions a second at 1× and twenty times that at 20×', () => {
    expect(POSITIONS_PER_SECOND).toBe(2);
    expect(advance({ index: 0, carry: 0 }, 1000, 1, 100)).toEqual({ index: 2, carry: 0, finished: false });
    expect(advance({ index: 0, carry: 0 }, 1000, 20, 100).index).toBe(40);
  });

  it('keeps the fraction of a step across frames, so slow frames add up', () => {
    let clock = { index: 0, carry: 0 };
    for (let frame = 0; frame < 60; frame++) clock = advance(clock, 1000 / 60, 1, 100);
    expect(clock.index).toBe(2);
  });

  it('stops at the last position', () => {
    expect(advance({ index: 95, carry: 0.5 }, 10_000, 20, 100)).toEqual({ index: 99, carry: 0, finished: true });
    expect(advance({ index: 0, carry: 0 }, 16, 1, 1)).toEqual({ index: 0, carry: 0, finished: true });
  });

  it('ignores time running backwards', () => {
    expect(advance({ index: 3, carry: 0.25 }, -500, 5, 10)).toEqual({ index: 3, carry: 0.25, finished: false });
  });
});

describe('indexAtTime', () => {
  const times = [10, 20, 20, 30, 50];

  it('finds the last position at or before a time', () => {
    expect(indexAtTime(times, 20)).toBe(2);
    expect(indexAtTime(times, 29)).toBe(2);
    expect(indexAtTime(times, 30)).toBe(3);
    expect(indexAtTime(times, 99)).toBe(4);
  });

  it('clamps to the first position', () => {
    expect(indexAtTime(times, 0)).toBe(0);
    expect(indexAtTime([], 5)).toBe(0);
  });
});
