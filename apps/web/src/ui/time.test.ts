import { describe, expect, it } from 'vitest';
import { formatRelativeTime, relativeParts } from './time.ts';

describe('relativeParts', () => {
  const now = Date.parse('2024-05-01T12:00:00Z');

  it('picks the largest whole unit', () => {
    expect(relativeParts(now - 30_000, now)).toEqual([0, 'second']);
    expect(relativeParts(now - 5 * 60_000 - 10_000, now)).toEqual([-5, 'minute']);
    expect(relativeParts(now - 3 * 3_600_000, now)).toEqual([-3, 'hour']);
    expect(relativeParts(now - 49 * 3_600_000, now)).toEqual([-2, 'day']);
    expect(relativeParts(now, now)).toEqual([0, 'second']);
  });

  it('shows future times as now', () => {
    expect(relativeParts(now + 5000, now)).toEqual([0, 'second']);
    expect(relativeParts(now + 3 * 3_600_000, now)).toEqual([0, 'second']);
  });

  it('formats in the locale', () => {
    expect(formatRelativeTime('2024-05-01T11:55:00Z', now, 'en-US')).toBe('5 minutes ago');
    expect(formatRelativeTime('2024-05-01T11:55:00Z', now, 'pt-BR')).toBe('há 5 minutos');
    expect(formatRelativeTime('2024-05-01T11:59:40Z', now, 'es')).toBe('ahora');
  });
});
