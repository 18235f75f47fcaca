import { ProtocolError } from '../codec.ts';
import { decodedPosition } from '../../position/create.ts';
import type { DecodedPosition } from '../types.ts';

export const TK103_PROTOCOL = 'tk103';

/** A message without a fix of its own, timed at `time`: processing copies the last known location. */
export function newPosition(time: Date): DecodedPosition {
  return decodedPosition(TK103_PROTOCOL, time, { valid: false, outdated: true });
}

/** A whole decimal number field; anything else refuses the message. */
export function integer(text: string | undefined, radix = 10): number {
  const valid = radix === 16 ? /^[0-9a-fA-F]+$/ : /^[+-]?\d+$/;
  const value = text !== undefined && valid.test(text) ? parseInt(text, radix) : NaN;
  if (!Number.isSafeInteger(value)) throw new ProtocolError(`tk103: expected a number, got ${JSON.stringify(text?.slice(0, 20))}`);
  return value;
}

/** The `day`, `month`, `year` (`ddmmyy`) and `hour`, `minute`, `second` groups of a match, UTC, in this century. */
export function timeOf(groups: Partial<Record<string, string>>): Date {
  const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((name) => Number(groups[name] ?? 0));
  return utcTime(year, month, day, hour, minute, second);
}

/** Out-of-range fields roll over (month 13 is January of the next year), as Traccar's lenient calendar does. */
export function utcTime(year: number, month: number, day: number, hour: number, minute: number, second: number): Date {
  return new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
}
