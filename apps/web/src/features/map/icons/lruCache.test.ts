import { describe, expect, it } from 'vitest';
import { LruKeys } from './lruCache.ts';

describe('LruKeys', () => {
  it('evicts the least recently used key past its capacity', () => {
    const evicted: string[] = [];
    const cache = new LruKeys(3, (key) => evicted.push(key));
    ['a', 'b', 'c'].forEach((key) => cache.touch(key));
    cache.touch('a'); // a is now the most recent
    cache.touch('d');
    expect(evicted).toEqual(['b']);
    expect(cache.has('a') && cache.has('c') && cache.has('d')).toBe(true);
    expect(cache.size).toBe(3);
  });

  it('keeps a capacity of 100 as the spec asks', () => {
    const evicted: string[] = [];
    const cache = new LruKeys(100, (key) => evicted.push(key));
    for (let i = 0; i < 150; i++) cache.touch(`image-${i}`);
    expect(cache.size).toBe(100);
    expect(evicted).toHaveLength(50);
    expect(evicted[0]).toBe('image-0');
  });
});
