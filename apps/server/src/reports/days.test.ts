import { describe, expect, it } from 'vitest';
import { dailyRanges, nextMidnight } from './days.ts';

describe('daily ranges', () => {
  it('splits at the midnights of the time zone', () => {
    const from = Date.parse('2024-05-01T12:00:00Z');
    const to = Date.parse('2024-05-03T12:00:00Z');
    const ranges = dailyRanges(from, to, 'America/Sao_Paulo').map(([a, b]) => [new Date(a).toISOString(), new Date(b).toISOString()]);
    expect(ranges).toEqual([
      ['2024-05-01T12:00:00.000Z', '2024-05-02T02:59:59.999Z'],
      ['2024-05-02T03:00:00.000Z', '2024-05-03T02:59:59.999Z'],
      ['2024-05-03T03:00:00.000Z', '2024-05-03T12:00:00.000Z'],
    ]);
  });

  it('follows daylight saving changes', () => {
    // New York switched to UTC-4 on 2024-03-10
    expect(new Date(nextMidnight(Date.parse('2024-03-10T12:00:00Z'), 'America/New_York')).toISOString()).toBe('2024-03-11T04:00:00.000Z');
    expect(new Date(nextMidnight(Date.parse('2024-03-09T12:00:00Z'), 'America/New_York')).toISOString()).toBe('2024-03-10T05:00:00.000Z');
  });
});
