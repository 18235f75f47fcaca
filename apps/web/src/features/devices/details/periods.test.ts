import { describe, expect, it } from 'vitest';
import { periodRange } from './periods.ts';

describe('periodRange', () => {
  const now = new Date(2024, 4, 10, 15, 30).getTime();

  it('covers today up to now', () => {
    expect(periodRange('today', now)).toEqual({ from: new Date(2024, 4, 10), to: new Date(now) });
  });

  it('covers the whole of yesterday', () => {
    expect(periodRange('yesterday', now)).toEqual({ from: new Date(2024, 4, 9), to: new Date(2024, 4, 9, 23, 59, 59) });
  });

  it('covers the last seven days, today included', () => {
    expect(periodRange('last7Days', now)).toEqual({ from: new Date(2024, 4, 4), to: new Date(now) });
  });
});
