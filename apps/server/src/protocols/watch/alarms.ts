import type { Alarm } from '@rastro/api';

/**
 * The status word's alarm bits, most urgent first: one alarm per message, the first bit set wins
 * (low byte as older firmwares set them, then the high bits of newer ones).
 */
const ALARM_BITS: [number, Alarm][] = [
  [0, 'lowBattery'],
  [1, 'geofenceExit'],
  [2, 'geofenceEnter'],
  [14, 'powerCut'],
  [16, 'sos'],
  [17, 'lowBattery'],
  [18, 'geofenceExit'],
  [19, 'geofenceEnter'],
  [20, 'removing'],
  [21, 'fallDown'],
  [22, 'fallDown'],
];

export function alarmOf(status: number): Alarm | undefined {
  return ALARM_BITS.find(([bit]) => Math.floor(status / 2 ** bit) % 2 === 1)?.[1];
}

/** Status bit 4: the watch is moving. */
export function movingOf(status: number): boolean {
  return Math.floor(status / 16) % 2 === 1;
}
