import type { Alarm, Attributes } from '@rastro/api';
import { addAlarm, PREFIX } from '../../position/keys.ts';

/** Alarm codes of the 0x9999 report; TK218 firmware numbers some of them its own way. */
const ALARMS = new Map<number, Alarm>([
  [0x01, 'sos'],
  [0x10, 'lowBattery'],
  [0x11, 'overspeed'],
  [0x12, 'movement'],
  [0x13, 'geofenceEnter'],
  [0x14, 'accident'],
  [0x50, 'powerOff'],
  [0x53, 'gpsAntennaCut'],
  [0x72, 'hardBraking'],
  [0x73, 'hardAcceleration'],
]);

const TK218_ALARMS = new Map<number, Alarm>([
  [0x01, 'sos'],
  [0x10, 'lowBattery'],
  [0x11, 'overspeed'],
  [0x12, 'movement'],
  [0x13, 'geofence'],
  [0x60, 'fatigueDriving'],
  [0x71, 'hardBraking'],
  [0x72, 'hardAcceleration'],
  [0x73, 'accident'],
  [0x74, 'idle'],
]);

/**
 * The alarm, and input changes: codes 0x02-0x05 report input 2-5 going active, 0x32-0x35 the
 * same inputs going inactive (the report's I/O state word, when present, overrides them).
 */
export function applyAlarmCode(attributes: Attributes, code: number, model: string): void {
  addAlarm(attributes, (model === 'TK218' ? TK218_ALARMS : ALARMS).get(code));
  if (code >= 0x02 && code <= 0x05) attributes[`${PREFIX.in}${code}`] = 1;
  else if (code >= 0x32 && code <= 0x35) attributes[`${PREFIX.in}${code - 0x30}`] = 0;
}
