const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * Largest whole unit for how long ago `time` was, e.g. [-5, 'minute']. Under a minute is "now", and
 * so is a time ahead of `now` (a live update newer than the clock that refreshes these labels).
 */
export function relativeParts(time: number, now: number): [number, Intl.RelativeTimeFormatUnit] {
  const seconds = Math.min(0, Math.round((time - now) / 1000));
  for (const [unit, size] of UNITS) {
    if (-seconds >= size) return [Math.trunc(seconds / size), unit];
  }
  return [0, 'second'];
}

export function formatRelativeTime(iso: string, now: number, locale: string): string {
  const [value, unit] = relativeParts(Date.parse(iso), now);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit);
}
