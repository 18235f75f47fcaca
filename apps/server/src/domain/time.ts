/** Times on the wire: ISO 8601 UTC with milliseconds and a colon offset, as Traccar writes them. */
export function toIso(millis: number): string;
export function toIso(millis: number | null): string | null;
export function toIso(millis: number | null): string | null {
  if (millis === null) return null;
  return new Date(millis).toISOString().replace('Z', '+00:00');
}

/**
 * Parses a date query or body value: ISO 8601 with an offset or Z (Traccar's
 * ISO_ZONED_DATE_TIME), or epoch milliseconds. Returns null when it is not one.
 */
export function parseTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  // A '+' in a query string arrives as a space when the client did not encode it.
  const text = value.trim().replace(/ (\d{2}:?\d{2})$/, '+$1');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const millis = Date.parse(text);
  return Number.isNaN(millis) ? null : millis;
}
