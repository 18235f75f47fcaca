import type { Attributes } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import type { DecodedPosition } from '../types.ts';

export const GT06_PROTOCOL = 'gt06';

/**
 * A position timed at `time` with nothing decoded yet. It starts as a message without a fix
 * (`outdated`, processing copies the last known location); the GPS block turns it into a fix.
 */
export function newPosition(time: Date): DecodedPosition {
  return decodedPosition(GT06_PROTOCOL, time, { valid: false, outdated: true });
}

/** Sets a text attribute; like Traccar, an empty text is no value. */
export function setText(attributes: Attributes, key: string, value: string): void {
  if (value !== '') attributes[key] = value;
}

/** Text without the spaces and control characters around it (devices pad fields with NULs or spaces). */
export function trimmed(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}
