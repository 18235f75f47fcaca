import type { Attributes } from '@rastro/api';

/** The colour of a geofence that names none: the editor shows it, saves it and the map draws it. */
export const DEFAULT_GEOFENCE_COLOR = '#1976d2';

/**
 * A geofence's `color` attribute as `#rrggbb` (what a colour input holds): Traccar's web app writes
 * `#rrggbb`, some clients `#rgb`; anything else gives the default.
 */
export function geofenceColor(attributes: Attributes): string {
  const color = attributes.color;
  if (typeof color !== 'string') return DEFAULT_GEOFENCE_COLOR;
  const value = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return value.replace(/[0-9a-f]/g, (digit) => digit + digit);
  return DEFAULT_GEOFENCE_COLOR;
}
