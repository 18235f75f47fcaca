import type { Attributes } from '@rastro/api';
import { KEY } from '../../position/keys.ts';

/**
 * The OBD reports' comma-separated values, under Traccar's attribute names. Fields marked `real`
 * must have a decimal point, `signed` ones may be negative; a report that does not fit is ignored.
 */
const PATTERNS = { int: /^\d+$/, signed: /^-?\d+$/, real: /^\d+\.\d+$/, number: /^\d+\.?\d*$/ };
type Field = readonly [key: string, kind: keyof typeof PATTERNS];

const REAL_TIME: readonly Field[] = [
  [KEY.battery, 'real'],
  [KEY.rpm, 'int'],
  [KEY.obdSpeed, 'int'],
  [KEY.throttle, 'real'],
  ['engineLoad', 'real'],
  ['coolantTemp', 'signed'],
  [KEY.fuelConsumption, 'real'], // instantaneous
  ['averageFuelConsumption', 'real'],
  ['drivingRange', 'real'],
  [KEY.odometer, 'number'],
  ['singleFuelConsumption', 'real'],
  [KEY.fuelUsed, 'real'],
  [KEY.dtcs, 'int'], // the number of trouble codes, as Traccar stores it
  ['hardAccelerationCount', 'int'],
  ['hardBrakingCount', 'int'],
];

const TOTALS: readonly Field[] = [
  ['totalIgnitionNo', 'int'],
  ['totalDrivingTime', 'real'],
  ['totalIdlingTime', 'real'],
  ['averageHotStartTime', 'int'],
  ['averageSpeed', 'int'],
  ['historyHighestSpeed', 'int'],
  ['historyHighestRpm', 'int'],
  ['totalHarshAccerleration', 'int'], // sic: Traccar's key
  ['totalHarshBrake', 'int'],
];


function readFields(text: string, fields: readonly Field[], attributes: Attributes): boolean {
  const values = text.split(',');
  if (values.length !== fields.length) return false;
  const fits = fields.every(([, kind], i) => PATTERNS[kind].test(values[i]));
  if (!fits) return false;
  fields.forEach(([key], i) => (attributes[key] = Number(values[i])));
  return true;
}

/** Real-time OBD data (0x9901): battery, rpm, speed, throttle, load, coolant, fuel figures, counters. */
export function readObdRealTime(text: string, attributes: Attributes): boolean {
  return readFields(text, REAL_TIME, attributes);
}

/** Accumulated OBD data (0x9902): ignitions, driving and idling time, records, harsh events. */
export function readObdTotals(text: string, attributes: Attributes): boolean {
  return readFields(text, TOTALS, attributes);
}
