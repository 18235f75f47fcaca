import { describe, expect, it } from 'vitest';
import { isComplete, parseFilter, scopedFilter, sharedSearch, writeFilter, type ReportFilter } from './reportFilter.ts';

const parse = (query: string) => parseFilter(new URLSearchParams(query));

describe('report filter in the URL', () => {
  it('reads repeated devices and groups and a preset period', () => {
    expect(parse('deviceId=3&deviceId=7&groupId=2&period=last30')).toEqual({
      deviceIds: [3, 7],
      groupIds: [2],
      period: { preset: 'last30' },
      types: [],
      alarms: [],
      daily: false,
      geofenceIds: [],
    });
  });

  it('reads a custom period as instants', () => {
    const filter = parse('deviceId=1&from=2024-05-01T00:00:00.000Z&to=2024-05-02T03:00:00-03:00');
    expect(filter.period).toEqual({ from: Date.parse('2024-05-01T00:00:00.000Z'), to: Date.parse('2024-05-02T06:00:00.000Z') });
  });

  it('falls back to today for a missing, reversed or malformed period', () => {
    expect(parse('').period).toEqual({ preset: 'today' });
    expect(parse('from=2024-05-02T00:00:00Z&to=2024-05-01T00:00:00Z').period).toEqual({ preset: 'today' });
    expect(parse('from=yesterday&to=now').period).toEqual({ preset: 'today' });
    expect(parse('period=forever').period).toEqual({ preset: 'today' });
  });

  it('drops malformed ids, duplicates and unknown event types or alarm kinds', () => {
    const filter = parse('deviceId=0&deviceId=x&deviceId=5&deviceId=5&type=alarm&type=nonsense&alarm=sos&alarm=fire&daily=true');
    expect(filter.deviceIds).toEqual([5]);
    expect(filter.types).toEqual(['alarm']);
    expect(filter.alarms).toEqual(['sos']);
    expect(filter.daily).toBe(true);
  });

  it('writes what it reads, keeping keys that are not the filter', () => {
    const filter: ReportFilter = {
      deviceIds: [3, 7],
      groupIds: [],
      period: { from: Date.parse('2024-05-01T00:00:00Z'), to: Date.parse('2024-05-01T12:00:00Z') },
      types: ['alarm', 'ignitionOn'],
      alarms: ['sos'],
      daily: false,
      geofenceIds: [],
    };
    const written = writeFilter(filter, new URLSearchParams('deviceId=1&period=today&attribute=fuel'));
    expect(written.toString()).toBe(
      'attribute=fuel&deviceId=3&deviceId=7&from=2024-05-01T00%3A00%3A00.000Z&to=2024-05-01T12%3A00%3A00.000Z&type=alarm&type=ignitionOn&alarm=sos',
    );
    expect(parseFilter(written)).toEqual(filter);
  });

  it('carries devices, groups and period to another report, and nothing else', () => {
    expect(sharedSearch(new URLSearchParams('deviceId=3&type=alarm&period=last7&daily=true&attribute=fuel'))).toBe('?deviceId=3&period=last7');
    expect(sharedSearch(new URLSearchParams('type=alarm'))).toBe('');
  });

  it('knows when a report may run', () => {
    expect(isComplete(parse('groupId=2'), 'devices-or-groups')).toBe(true);
    expect(isComplete(parse('period=today'), 'devices-or-groups')).toBe(false);
    expect(isComplete(parse('deviceId=1'), 'one-device')).toBe(true);
    expect(isComplete(parse('deviceId=1&deviceId=2'), 'one-device')).toBe(false);
    expect(isComplete(parse('groupId=2'), 'one-device')).toBe(false);
  });

  it('narrows a filter of several devices to the first for a one-device report', () => {
    const filter = scopedFilter(parse('deviceId=4&deviceId=2&groupId=1'), 'one-device');
    expect(filter.deviceIds).toEqual([4]);
    expect(filter.groupIds).toEqual([]);
    expect(scopedFilter(parse('deviceId=4&deviceId=2'), 'devices-or-groups').deviceIds).toEqual([4, 2]);
  });
});
