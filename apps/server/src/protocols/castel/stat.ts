import type { Attributes } from '@rastro/api';
import { addAlarm, KEY } from '../../position/keys.ts';
import type { ByteReader } from '../kit/byte-reader.ts';

/**
 * The 34-byte trip statistics block that opens most SC messages: ACC-on time, UTC time,
 * odometer and trip odometer (metres), fuel consumption, current fuel consumption, the vehicle
 * state word and 8 reserved bytes, all little-endian.
 */
export interface TripStat {
  odometer: number;
  tripOdometer: number;
  fuelConsumption: number;
  state: number;
}

export function readStat(reader: ByteReader): TripStat {
  reader.skip(8); // ACC-on time, UTC time
  const odometer = reader.u32le();
  const tripOdometer = reader.u32le();
  const fuelConsumption = reader.u32le();
  reader.skip(2); // current fuel consumption
  const state = reader.u32le();
  reader.skip(8);
  return { odometer, tripOdometer, fuelConsumption, state };
}

/** Bit 18 of the state word is the ignition (ACC). */
export function applyStat(attributes: Attributes, stat: TripStat): void {
  attributes[KEY.odometer] = stat.odometer;
  attributes[KEY.tripOdometer] = stat.tripOdometer;
  attributes[KEY.fuelConsumption] = stat.fuelConsumption;
  attributes[KEY.status] = stat.state;
  attributes[KEY.ignition] = (stat.state & (1 << 18)) !== 0;
}

/**
 * On messages without a fix of their own the state bits 4-6 (hard acceleration, hard braking,
 * idling) are reported as alarms too; on GPS messages they would repeat with every fix.
 */
export function applyStateAlarms(attributes: Attributes, stat: TripStat): void {
  if (stat.state & 0x10) addAlarm(attributes, 'hardAcceleration');
  if (stat.state & 0x20) addAlarm(attributes, 'hardBraking');
  if (stat.state & 0x40) addAlarm(attributes, 'idle');
}
