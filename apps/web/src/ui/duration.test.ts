import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it('shows hours and zero-padded minutes', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59_999)).toBe('0:00');
    expect(formatDuration(5 * 60_000)).toBe('0:05');
    expect(formatDuration((2 * 60 + 7) * 60_000 + 30_000)).toBe('2:07');
  });

  it('keeps counting hours past a day', () => {
    expect(formatDuration(27.5 * 3_600_000)).toBe('27:30');
  });

  it('treats missing or negative values as nothing', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-5000)).toBe('0:00');
  });
});
