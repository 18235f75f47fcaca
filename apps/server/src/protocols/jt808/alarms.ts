import type { Alarm } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { addAlarm } from './position.ts';

/** Padlocks whose alarm bits mean other things than the standard's. */
const PADLOCK_MODELS = new Set(['G-360P', 'G-508P']);
/** AOVX trackers, with their own alarm bit and extension items. */
export const AOVX_MODELS = new Set(['AL300', 'GL100']);

/** The standard's alarm flags (JT/T 808 table 24) Traccar maps, by bit. */
const STANDARD_ALARMS: [bits: number[], alarm: Alarm][] = [
  [[0], 'sos'],
  [[1], 'overspeed'],
  [[2], 'fatigueDriving'],
  [[5, 6], 'gpsAntennaCut'], // antenna open or short circuit
  [[4, 9, 10, 11], 'fault'], // GNSS, display, TTS, camera faults
  [[7, 18], 'lowBattery'], // main power under-voltage (and bit 18, as Traccar reads it)
  [[8], 'powerOff'],
  [[15], 'vibration'],
  [[16, 17], 'tampering'],
  [[19], 'parking'],
  [[20], 'geofence'],
  [[26], 'general'],
  [[28], 'movement'], // illegal displacement
  [[29, 30], 'accident'], // collision, rollover
];

/** Bit `index` of an unsigned value of up to 53 bits (a double word read as a number). */
export const bit = (value: number, index: number): boolean => Math.floor(value / 2 ** index) % 2 === 1;

/** The alarm flags of a location report (its first double word). */
export function decodeAlarms(position: DecodedPosition, model: string, value: number): void {
  if (PADLOCK_MODELS.has(model)) {
    if (bit(value, 0) || bit(value, 4)) addAlarm(position, 'removing');
    if (bit(value, 1)) addAlarm(position, 'tampering');
    return;
  }
  if (AOVX_MODELS.has(model)) {
    if (bit(value, 16)) addAlarm(position, 'movement');
    return;
  }
  for (const [bits, alarm] of STANDARD_ALARMS) {
    // VL300 uses the collision and rollover bits for something else.
    if (alarm === 'accident' && model === 'VL300') continue;
    if (bits.some((index) => bit(value, index))) addAlarm(position, alarm);
  }
}
