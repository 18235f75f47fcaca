/** Marker colours shared by the report drawings: where a trip starts and ends, stops, a chosen point, events. */
export const MARKER_COLORS = {
  start: '#2e7d32',
  end: '#c62828',
  stop: '#ef6c00',
  point: '#1565c0',
  // amber: an event marked on a (blue) route stays visible
  event: '#f9a825',
} as const;
