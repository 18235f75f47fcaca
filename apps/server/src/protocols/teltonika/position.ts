import type { Alarm } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm as addAttributeAlarm } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';

export const TELTONIKA_PROTOCOL = 'teltonika';

/** A position with nothing decoded yet, timed at `time`. */
export function blankPosition(time: Date): DecodedPosition {
  return decodedPosition(TELTONIKA_PROTOCOL, time, { valid: false, outdated: false });
}

/** A message without a location (command reply): processing copies the last known fix into it. */
export function outdatedPosition(time: Date): DecodedPosition {
  return { ...blankPosition(time), outdated: true };
}

/** Several alarms in one record are joined with commas, as Traccar stores them. */
export function addAlarm(position: DecodedPosition, alarm: Alarm): void {
  addAttributeAlarm(position.attributes, alarm);
}
