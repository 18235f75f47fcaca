import { describe, expect, it } from 'vitest';
import { fromWallClock, offsetMinutes, standardOffsetMinutes, validTimeZone } from './timezone.ts';

describe('time zones', () => {
  it('takes IANA names and the fixed offsets Traccar settings spell as Java does', () => {
    const january = Date.UTC(2024, 0, 15, 12);
    expect(offsetMinutes(january, 'America/Sao_Paulo')).toBe(-180);
    expect(offsetMinutes(january, 'GMT+8')).toBe(480);
    expect(offsetMinutes(january, 'GMT-03:30')).toBe(-210);
    expect(offsetMinutes(january, 'UTC+5')).toBe(300);
    expect(offsetMinutes(january, '+0545')).toBe(345);
    expect(offsetMinutes(january, 'UTC')).toBe(0);
    expect(new Date(fromWallClock(Date.UTC(2024, 0, 15, 8), 'GMT+8')).toISOString()).toBe('2024-01-15T00:00:00.000Z');
  });

  it('gives the standard offset outside summer time, and refuses what is no zone', () => {
    expect(standardOffsetMinutes('Europe/Lisbon', 2024)).toBe(0);
    expect(standardOffsetMinutes('America/New_York', 2024)).toBe(-300);
    expect(standardOffsetMinutes('GMT+8')).toBe(480);
    expect(validTimeZone('GMT+8')).toBe('GMT+8');
    expect(validTimeZone('Mars/Olympus')).toBeNull();
    expect(validTimeZone('GMT+25')).toBeNull();
    expect(validTimeZone('')).toBeNull();
  });
});
