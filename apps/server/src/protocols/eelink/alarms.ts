import type { Alarm } from '@rastro/api';

/** Alarm codes of the alarm (0x04) and warning (0x14) messages; other codes are events without a Traccar alarm. */
const ALARMS = new Map<number, Alarm>([
  [0x01, 'powerOff'],
  [0x02, 'sos'],
  [0x03, 'lowBattery'],
  [0x04, 'vibration'],
  [0x08, 'gpsAntennaCut'],
  [0x09, 'gpsAntennaCut'],
  [0x25, 'removing'],
  [0x81, 'lowspeed'],
  [0x82, 'overspeed'],
  [0x83, 'geofenceEnter'],
  [0x84, 'geofenceExit'],
  [0x85, 'accident'],
  [0x86, 'fallDown'],
]);

export function alarmOf(code: number): Alarm | undefined {
  return ALARMS.get(code);
}
