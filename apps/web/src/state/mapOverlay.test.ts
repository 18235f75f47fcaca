import { describe, expect, it } from 'vitest';
import { parseOverlay, utcSeconds, withOverlay } from './mapOverlay.ts';

describe('map overlay parameters', () => {
  const overlay = { mode: 'route' as const, deviceId: 7, from: new Date('2024-05-01T03:00:00.250Z'), to: new Date('2024-05-01T15:30:00Z') };

  it('write UTC to the second, keeping other parameters', () => {
    const params = withOverlay(new URLSearchParams('expand=true'), overlay);
    expect(params.toString()).toBe('expand=true&overlay=route&deviceId=7&from=2024-05-01T03%3A00%3A00Z&to=2024-05-01T15%3A30%3A00Z');
    expect(utcSeconds(new Date('2024-05-01T03:00:00.999Z'))).toBe('2024-05-01T03:00:00Z');
  });

  it('read back what they wrote', () => {
    const parsed = parseOverlay(withOverlay(new URLSearchParams(), overlay));
    expect(parsed).toEqual({ ...overlay, from: new Date('2024-05-01T03:00:00Z') });
  });

  it('are removed by a null overlay', () => {
    expect(withOverlay(new URLSearchParams('overlay=heat&deviceId=1&from=x&to=y&expand=false'), null).toString()).toBe('expand=false');
  });

  it('refuse incomplete or inconsistent views', () => {
    expect(parseOverlay(new URLSearchParams('overlay=route&deviceId=7'))).toBeNull();
    expect(parseOverlay(new URLSearchParams('overlay=video&deviceId=7&from=2024-05-01T00:00:00Z&to=2024-05-02T00:00:00Z'))).toBeNull();
    expect(parseOverlay(new URLSearchParams('overlay=route&deviceId=0&from=2024-05-01T00:00:00Z&to=2024-05-02T00:00:00Z'))).toBeNull();
    expect(parseOverlay(new URLSearchParams('overlay=route&deviceId=7&from=2024-05-02T00:00:00Z&to=2024-05-01T00:00:00Z'))).toBeNull();
  });
});
