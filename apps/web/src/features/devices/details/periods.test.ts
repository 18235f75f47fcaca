import { describe, expect, it } from 'vitest';
import { periodRange } from './periods.ts';

const iso = (date: Date) => date.toISOString();

describe('periodRange', () => {
  // 2024-05-10 15:30 in São Paulo (UTC-3)
  const now = Date.parse('2024-05-10T18:30:00.000Z');

  it('covers today up to now', () => {
    expect(periodRange('today', now, 'America/Sao_Paulo')).toEqual({ from: new Date('2024-05-10T03:00:00.000Z'), to: new Date(now) });
  });

  it('covers the whole of yesterday', () => {
    const range = periodRange('yesterday', now, 'America/Sao_Paulo');
    expect([iso(range.from), iso(range.to)]).toEqual(['2024-05-09T03:00:00.000Z', '2024-05-10T02:59:59.000Z']);
  });

  it('covers the last seven days, today included', () => {
    expect(iso(periodRange('last7Days', now, 'America/Sao_Paulo').from)).toBe('2024-05-04T03:00:00.000Z');
  });

  it('takes the days of the user\'s zone, a fixed offset included, not the browser\'s', () => {
    // 02:00 UTC on the 11th is still the 10th at GMT-3, and already 07:45 on the 11th at +05:45
    const lateNight = Date.parse('2024-05-11T02:00:00.000Z');
    expect(iso(periodRange('today', lateNight, 'GMT-3').from)).toBe('2024-05-10T03:00:00.000Z');
    expect(iso(periodRange('today', lateNight, '+05:45').from)).toBe('2024-05-10T18:15:00.000Z');
    expect(iso(periodRange('today', lateNight, 'UTC').from)).toBe('2024-05-11T00:00:00.000Z');
  });

  it('keeps whole days across a daylight-saving change', () => {
    // New York springs forward on 2024-03-10
    const range = periodRange('last7Days', Date.parse('2024-03-12T15:00:00.000Z'), 'America/New_York');
    expect(iso(range.from)).toBe('2024-03-06T05:00:00.000Z');
  });

  it('starts a day whose midnight summer time skips at its first hour, not in the day before', () => {
    // São Paulo went from 00:00 to 01:00 on 2018-11-04; Beirut on 2015-03-29
    expect(iso(periodRange('today', Date.parse('2018-11-04T15:00:00.000Z'), 'America/Sao_Paulo').from)).toBe('2018-11-04T03:00:00.000Z');
    expect(iso(periodRange('yesterday', Date.parse('2018-11-05T15:00:00.000Z'), 'America/Sao_Paulo').from)).toBe('2018-11-04T03:00:00.000Z');
    expect(iso(periodRange('today', Date.parse('2015-03-29T12:00:00.000Z'), 'Asia/Beirut').from)).toBe('2015-03-28T22:00:00.000Z');
  });
});
