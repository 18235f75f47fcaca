import { describe, expect, it } from 'vitest';
import { DEFAULT_GEOFENCE_COLOR, geofenceColor } from './geofenceColor.ts';

describe('geofence colour', () => {
  it('keeps a saved #rrggbb, widens #rgb, and gives the default otherwise', () => {
    expect(geofenceColor({ color: '#E53935' })).toBe('#e53935');
    expect(geofenceColor({ color: '#f0a' })).toBe('#ff00aa');
    expect(geofenceColor({ color: 'red' })).toBe(DEFAULT_GEOFENCE_COLOR);
    expect(geofenceColor({ color: 12 })).toBe(DEFAULT_GEOFENCE_COLOR);
    expect(geofenceColor({})).toBe(DEFAULT_GEOFENCE_COLOR);
  });
});
