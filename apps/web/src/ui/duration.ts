const MINUTE_MS = 60_000;

/** Durations arrive in milliseconds and are shown as h:mm (whole minutes, hours not wrapped at 24). */
export function formatDuration(ms: number): string {
  const minutes = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / MINUTE_MS) : 0;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
