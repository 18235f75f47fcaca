import type { Alarm } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm, KEY } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';

export const MEITRACK_PROTOCOL = 'meitrack';

/** A position with nothing decoded yet, timed at `time`. */
export function blankPosition(time: Date): DecodedPosition {
  return decodedPosition(MEITRACK_PROTOCOL, time, { valid: false, outdated: false });
}

/** A message without a location (command result): processing copies the last known fix into it. */
export function outdatedPosition(time: Date): DecodedPosition {
  return { ...blankPosition(time), outdated: true };
}

/** Meitrack's event codes that are alarms; the same codes in text and binary reports. */
const ALARMS = new Map<number, Alarm>([
  [1, 'sos'],
  [17, 'lowBattery'],
  [18, 'lowPower'],
  [19, 'overspeed'],
  [20, 'geofenceEnter'],
  [21, 'geofenceExit'],
  [22, 'powerRestored'],
  [23, 'powerCut'],
  [36, 'tow'],
  [44, 'jamming'],
  [78, 'accident'],
  [90, 'hardCornering'],
  [91, 'hardCornering'],
  [129, 'hardBraking'],
  [130, 'hardAcceleration'],
  [135, 'fatigueDriving'],
]);

/** Sets the event code and the alarm it stands for, if any. */
export function setEvent(position: DecodedPosition, event: number): void {
  position.attributes[KEY.event] = event;
  addAlarm(position.attributes, ALARMS.get(event));
}
