import { describe, expect, it } from 'vitest';
import { startOfDay } from '@rastro/api';
import type { TFunction } from 'i18next';
import { periodRange, presetRange } from './period.ts';
import { periodLabel } from './periodLabel.ts';
import { fromLocalInput, instantOf, toLocalInput, wallTimeAt } from '../../../ui/zonedTime.ts';

const iso = (instant: number) => new Date(instant).toISOString();
/** A preset's first and last instant, as ISO texts to compare in one assertion. */
const span = ({ from, to }: { from: number; to: number }) => [iso(from), iso(to)];
// 2024-05-10 01:30 in São Paulo (UTC-3) is still 2024-05-09 in Los Angeles and already the 10th in Tokyo
const NOW = Date.parse('2024-05-10T04:30:00.000Z');

describe('preset periods in the user time zone', () => {
  it('today runs from the zone midnight to the last millisecond of the day', () => {
    expect(span(presetRange('today', NOW, 'America/Sao_Paulo'))).toEqual(['2024-05-10T03:00:00.000Z', '2024-05-11T02:59:59.999Z']);
  });

  it('depends on the zone, not on the browser', () => {
    expect(iso(presetRange('today', NOW, 'America/Los_Angeles').from)).toBe('2024-05-09T07:00:00.000Z');
    expect(iso(presetRange('today', NOW, 'Asia/Tokyo').from)).toBe('2024-05-09T15:00:00.000Z');
    expect(iso(presetRange('today', NOW, 'UTC').from)).toBe('2024-05-10T00:00:00.000Z');
  });

  it('yesterday is the whole day before', () => {
    expect(span(presetRange('yesterday', NOW, 'America/Sao_Paulo'))).toEqual(['2024-05-09T03:00:00.000Z', '2024-05-10T02:59:59.999Z']);
  });

  it('the last N days end with today and span N calendar days', () => {
    expect(span(presetRange('last7', NOW, 'America/Sao_Paulo'))).toEqual(['2024-05-04T03:00:00.000Z', '2024-05-11T02:59:59.999Z']);
    expect(iso(presetRange('last30', NOW, 'UTC').from)).toBe('2024-04-11T00:00:00.000Z');
    expect(iso(presetRange('last90', NOW, 'UTC').from)).toBe('2024-02-11T00:00:00.000Z');
  });

  it('keeps whole days across a daylight-saving change', () => {
    // New York springs forward on 2024-03-10: that day has 23 hours
    const now = Date.parse('2024-03-12T15:00:00.000Z');
    expect(span(presetRange('last7', now, 'America/New_York'))).toEqual(['2024-03-06T05:00:00.000Z', '2024-03-13T03:59:59.999Z']);
  });

  it('takes a fixed offset as the server does (`GMT-3`, `+05:45`), not the browser\'s zone', () => {
    expect(span(presetRange('today', NOW, 'GMT-3'))).toEqual(['2024-05-10T03:00:00.000Z', '2024-05-11T02:59:59.999Z']);
    expect(iso(presetRange('yesterday', NOW, 'UTC-03:00').from)).toBe('2024-05-09T03:00:00.000Z');
    // 04:30 UTC is 10:15 on the 10th at +05:45
    expect(iso(presetRange('today', NOW, '+05:45').from)).toBe('2024-05-09T18:15:00.000Z');
  });

  it('labels a fixed period at a fixed offset as Intl does in a zone of the same offset', () => {
    const period = { from: Date.parse('2024-05-10T03:00:00.000Z'), to: Date.parse('2024-05-11T02:59:00.000Z') };
    const t = ((key: string) => key) as unknown as TFunction;
    const label = (timeZone: string) => periodLabel(period, t, { locale: 'pt-BR', timeZone, hour12: false });
    // São Paulo has kept UTC-3 all year since 2019
    expect(label('GMT-3')).toBe(label('America/Sao_Paulo'));
    expect(label('GMT-3')).toMatch(/^10\/05\/2024,? 00:00/);
  });

  it('a fixed period passes through', () => {
    expect(periodRange({ from: 1, to: 2 }, NOW, 'UTC')).toEqual({ from: 1, to: 2 });
  });
});

describe('zoned wall time', () => {
  it('reads and writes datetime-local values in the zone', () => {
    expect(toLocalInput(NOW, 'America/Sao_Paulo')).toBe('2024-05-10T01:30');
    expect(fromLocalInput('2024-05-10T01:30', 'America/Sao_Paulo')).toBe(NOW);
    expect(fromLocalInput('2024-05-10T01:30:15', 'UTC')).toBe(Date.parse('2024-05-10T01:30:15.000Z'));
    expect(fromLocalInput('yesterday', 'UTC')).toBeNull();
  });

  it('reads and writes wall times at a fixed offset', () => {
    expect(toLocalInput(NOW, 'GMT-3')).toBe('2024-05-10T01:30');
    expect(fromLocalInput('2024-05-10T01:30', 'GMT-3')).toBe(NOW);
    expect(wallTimeAt(NOW, '+0545')).toEqual({ year: 2024, month: 5, day: 10, hour: 10, minute: 15, second: 0 });
  });

  it('moves a wall time skipped by daylight saving past the jump', () => {
    const skipped = instantOf({ year: 2024, month: 3, day: 10, hour: 2, minute: 30, second: 0 }, 'America/New_York');
    expect(wallTimeAt(skipped, 'America/New_York').hour).toBe(3);
  });

  it('finds midnight of days before and after', () => {
    expect(iso(startOfDay(NOW, 'America/Sao_Paulo', -1))).toBe('2024-05-09T03:00:00.000Z');
    expect(iso(startOfDay(Date.parse('2024-03-01T12:00:00.000Z'), 'UTC', -1))).toBe('2024-02-29T00:00:00.000Z');
  });
});
