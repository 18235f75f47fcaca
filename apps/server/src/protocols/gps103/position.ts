import { decodedPosition } from '../../position/create.ts';
import type { DecodedPosition } from '../types.ts';

export const GPS103_PROTOCOL = 'gps103';

/** A message without a fix of its own, timed at `time`: processing copies the last known location. */
export function newPosition(time: Date): DecodedPosition {
  return decodedPosition(GPS103_PROTOCOL, time, { valid: false, outdated: true });
}

/** A number field of a matched message; absent (or empty) fields stay undefined. */
export function numberOf(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The UTC time of a message's `year` (two digits), `month`, `day`, `hour`, `minute` and `second` groups. */
export function utcTimeOf(groups: Record<string, string | undefined>): Date {
  return new Date(
    Date.UTC(2000 + Number(groups.year), Number(groups.month) - 1, Number(groups.day), Number(groups.hour), Number(groups.minute), Number(groups.second)),
  );
}
