/**
 * Spec §2 map overlay views, addressed in the page's query so any page can open one over the map
 * and a view can be linked: `?overlay=route&deviceId=7&from=2024-05-01T00:00:00Z&to=…`
 * (UTC, second precision).
 */
export const OVERLAY_MODES = ['route', 'points', 'heat', 'street'] as const;
export type OverlayMode = (typeof OVERLAY_MODES)[number];

export interface MapOverlay {
  mode: OverlayMode;
  deviceId: number;
  from: Date;
  to: Date;
}

const PARAMS = ['overlay', 'deviceId', 'from', 'to'] as const;

/** `2024-05-01T12:00:00Z`: ISO in UTC without milliseconds. */
export function utcSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function parseOverlay(params: URLSearchParams): MapOverlay | null {
  const mode = params.get('overlay');
  const deviceId = Number(params.get('deviceId'));
  const from = new Date(params.get('from') ?? '');
  const to = new Date(params.get('to') ?? '');
  if (!OVERLAY_MODES.includes(mode as OverlayMode) || !Number.isInteger(deviceId) || deviceId <= 0) return null;
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from > to) return null;
  return { mode: mode as OverlayMode, deviceId, from, to };
}

/** The page's query with the overlay set (or, given null, removed), other parameters kept. */
export function withOverlay(params: URLSearchParams, overlay: MapOverlay | null): URLSearchParams {
  const next = new URLSearchParams(params);
  PARAMS.forEach((key) => next.delete(key));
  if (overlay) {
    next.set('overlay', overlay.mode);
    next.set('deviceId', String(overlay.deviceId));
    next.set('from', utcSeconds(overlay.from));
    next.set('to', utcSeconds(overlay.to));
  }
  return next;
}
