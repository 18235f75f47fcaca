import type { Alarm, Attributes } from '@rastro/api';
import { addAlarm, KEY } from '../../position/keys.ts';

/** SC alarm event codes. 0x16 and 0x17 are not alarms but ignition on and off. */
const ALARMS = new Map<number, Alarm>([
  [0x01, 'overspeed'],
  [0x02, 'lowPower'],
  [0x03, 'temperature'],
  [0x04, 'hardAcceleration'],
  [0x05, 'hardBraking'],
  [0x06, 'idle'],
  [0x07, 'tow'],
  [0x08, 'highRpm'],
  [0x09, 'powerOn'],
  [0x0b, 'laneChange'],
  [0x0c, 'hardCornering'],
  [0x0d, 'fatigueDriving'],
  [0x0e, 'powerOff'],
  [0x11, 'accident'],
  [0x12, 'tampering'],
  [0x1c, 'vibration'],
]);

export function applyAlarmEvent(attributes: Attributes, event: number): void {
  if (event === 0x16 || event === 0x17) attributes[KEY.ignition] = event === 0x16;
  else addAlarm(attributes, ALARMS.get(event));
}
