import type { Attributes } from '@rastro/api';

/** JSON text as stored in a column, or `fallback` when it is empty or not JSON. */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A free-form JSON column (the audit log's `data`): its JSON, or the text itself when it is not JSON (cut short, written by an older version); null when empty. */
export function jsonOrText(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An `attributes` column: JSON text, `{}` when empty or broken. */
export const attrs = (text: string | null): Attributes => parseJson<Attributes>(text, {});

/** A value as text: a string as it is, objects and arrays as JSON, anything else as `String` writes it. */
export function asText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'object':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}
