import type { Alarm, Attributes } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm as addAttributeAlarm } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';

export const JT808_PROTOCOL = 'jt808';

/** A position timed at `time` whose coordinates the message carries (valid or not). */
export function fixPosition(time: Date): DecodedPosition {
  return decodedPosition(JT808_PROTOCOL, time, { valid: false, outdated: false });
}

/** A message without a location of its own (heartbeat, command result): processing copies the last fix. */
export function statusPosition(time: Date): DecodedPosition {
  return decodedPosition(JT808_PROTOCOL, time, { valid: false, outdated: true });
}

export function addAlarm(position: DecodedPosition, alarm: Alarm | null): void {
  addAttributeAlarm(position.attributes, alarm);
}

/** Text attributes are left out when empty, as Traccar stores them. */
export function setText(attributes: Attributes, key: string, value: string): void {
  if (value !== '') attributes[key] = value;
}

export const hex = (bytes: Buffer): string => bytes.toString('hex');

/** Java's `trim()`: every control character and space at either end goes (NUL padding included). */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end -= 1;
  return text.slice(start, end);
}
