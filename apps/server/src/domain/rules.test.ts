import { distanceMeters } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { effectiveDeviceLimit, isSoftDeleted } from './device-limit.ts';
import { parseTime, toIso } from './time.ts';

describe('device limit (spec §5)', () => {
  it('takes the tightest of the limits that apply', () => {
    expect(effectiveDeviceLimit(-1, 0, 0)).toBeNull();
    expect(effectiveDeviceLimit(5, 0, 0)).toBe(5);
    expect(effectiveDeviceLimit(0, 0, 0)).toBe(0);
    expect(effectiveDeviceLimit(-1, 10, 0)).toBe(10);
    expect(effectiveDeviceLimit(20, 10, 3)).toBe(3);
    expect(effectiveDeviceLimit(2, 10, 30)).toBe(2);
  });

  it('recognises soft-deleted identifiers', () => {
    expect(isSoftDeleted('deleted-1700000000-864717003283581')).toBe(true);
    expect(isSoftDeleted('deleted-864717003283581')).toBe(false);
    expect(isSoftDeleted('864717003283581')).toBe(false);
  });
});

describe('wire times', () => {
  it('writes ISO UTC with milliseconds and a colon offset', () => {
    expect(toIso(Date.UTC(2024, 4, 1, 10, 20, 30))).toBe('2024-05-01T10:20:30.000+00:00');
    expect(toIso(null)).toBeNull();
  });

  it('reads zoned ISO date-times and rejects the rest', () => {
    expect(parseTime('2024-05-01T10:20:30Z')).toBe(Date.UTC(2024, 4, 1, 10, 20, 30));
    expect(parseTime('2024-05-01T07:20:30-03:00')).toBe(Date.UTC(2024, 4, 1, 10, 20, 30));
    // an unencoded '+' arrives as a space in a query string
    expect(parseTime('2024-05-01T13:20:30 03:00')).toBe(Date.UTC(2024, 4, 1, 10, 20, 30));
    expect(parseTime('2024-05-01T10:20:30')).toBeNull();
    expect(parseTime('yesterday')).toBeNull();
    expect(parseTime(1714558830000)).toBe(1714558830000);
  });
});

describe('haversine distance', () => {
  it('matches a known distance along Avenida Paulista', () => {
    // Praça Oswaldo Cruz to Consolação, about 2.7 km
    const d = distanceMeters(-23.5709, -46.6457, -23.5556, -46.6621);
    expect(d).toBeGreaterThan(2300);
    expect(d).toBeLessThan(2500);
  });
});
