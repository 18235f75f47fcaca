import { describe, expect, it } from 'vitest';
import { remainingUntil } from './shareExpiry.ts';

describe('remainingUntil', () => {
  const now = Date.parse('2024-05-01T00:00:00Z');

  it('splits the remaining time into days, hours, minutes and seconds', () => {
    expect(remainingUntil('2024-05-02T03:04:05.900Z', now)).toEqual({
      expired: false, days: 1, hours: 3, minutes: 4, seconds: 5,
    });
  });

  it('is expired once the time is negative, or the date is invalid', () => {
    expect(remainingUntil('2024-04-30T23:59:59Z', now).expired).toBe(true);
    expect(remainingUntil('2024-05-01T00:00:00Z', now).expired).toBe(false);
    expect(remainingUntil('not a date', now).expired).toBe(true);
  });
});
