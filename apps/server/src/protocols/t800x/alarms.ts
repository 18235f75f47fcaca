import type { Alarm } from '@rastro/api';

/** Alarm codes of the vehicle families (0x2323, 0x2525, 0x2626, 0x2828). */
const VEHICLE_ALARMS = new Map<number, Alarm>([
  [1, 'powerCut'],
  [2, 'lowBattery'],
  [3, 'sos'],
  [4, 'overspeed'],
  [5, 'geofenceEnter'],
  [6, 'geofenceExit'],
  [7, 'tow'],
  [8, 'vibration'],
  [10, 'vibration'],
  [21, 'jamming'],
  [23, 'powerRestored'],
  [24, 'lowPower'],
]);

/** Alarm codes of the personal and asset trackers (0x2727). */
const PERSONAL_ALARMS = new Map<number, Alarm>([
  [1, 'removing'],
  [2, 'tampering'],
  [3, 'sos'],
  [4, 'removing'],
  [5, 'fallDown'],
  [6, 'lowBattery'],
  [14, 'geofenceEnter'],
  [15, 'geofenceExit'],
]);

export function alarmOf(code: number, personal: boolean): Alarm | undefined {
  return (personal ? PERSONAL_ALARMS : VEHICLE_ALARMS).get(code);
}

/** Harsh-driving codes of the OBD family's track messages (even braking, odd acceleration). */
export function harshTrackAlarm(code: number): Alarm | undefined {
  if (code > 5) return undefined;
  return code % 2 === 0 ? 'hardBraking' : 'hardAcceleration';
}

/** Harsh-driving codes of the OBD family's event messages. */
export function harshEventAlarm(code: number): Alarm | undefined {
  return (['hardBraking', 'hardAcceleration', 'hardCornering'] as const)[code];
}
