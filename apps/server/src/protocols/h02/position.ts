import { ProtocolError } from '../codec.ts';
import { decodedPosition } from '../../position/create.ts';
import type { DecodedPosition } from '../types.ts';

export const H02_PROTOCOL = 'h02';

/**
 * A position timed at `time` with nothing decoded yet. It starts as a message without a fix
 * (`outdated`, processing copies the last known location); a report with coordinates turns it into one.
 */
export function newPosition(time: Date): DecodedPosition {
  return decodedPosition(H02_PROTOCOL, time, { valid: false, outdated: true });
}

/** `ddmmyy` and `hhmmss` fields in UTC; the year is of this century. Fields that are not numbers refuse the message. */
export function utcTime(day: string, month: string, year: string, hour = '0', minute = '0', second = '0'): Date {
  const time = new Date(Date.UTC(2000 + Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
  if (Number.isNaN(time.getTime())) throw new ProtocolError(`h02: no time in ${day}${month}${year} ${hour}${minute}${second}`);
  return time;
}
