import { describe, expect, it } from 'vitest';
import { inactivityDue } from './inactivity.ts';

const HOUR = 3600_000;

describe('device inactivity', () => {
  it('fires once when the silence crosses the start within the window', () => {
    expect(inactivityDue(0, 2 * HOUR, 0, 1.9 * HOUR, 2.1 * HOUR)).toBe(true);
    expect(inactivityDue(0, 2 * HOUR, 0, 2.1 * HOUR, 2.3 * HOUR)).toBe(false);
    expect(inactivityDue(0, 2 * HOUR, 0, 1.5 * HOUR, 1.9 * HOUR)).toBe(false);
  });

  it('repeats every period after the start', () => {
    expect(inactivityDue(0, 2 * HOUR, HOUR, 2.9 * HOUR, 3.1 * HOUR)).toBe(true);
    expect(inactivityDue(0, 2 * HOUR, HOUR, 3.1 * HOUR, 3.9 * HOUR)).toBe(false);
    expect(inactivityDue(0, 2 * HOUR, HOUR, 10.95 * HOUR, 11.05 * HOUR)).toBe(true);
  });

  it('does nothing without a start', () => {
    expect(inactivityDue(0, 0, HOUR, 0, 100 * HOUR)).toBe(false);
  });
});
