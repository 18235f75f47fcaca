import type { JsonValue } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { applyLocation, LOCATION, readFix } from './location.ts';
import { IMEI, reportPattern, TAIL, VERSION, decodeMatchedReport } from './patterns.ts';
import { newPosition, readHeader, set, setReportTime, useLastFix, type DecodeContext, type Report } from './position.ts';
import { Fields, optional, parseDecimal, parseHex, parseInteger, present } from './values.ts';

/** A CAN field's value as its attribute; fields without a reader are skipped. */
type Reader = (value: string) => JsonValue | undefined;
type CanField = readonly [bit: number, key?: string, read?: Reader];

const int: Reader = parseInteger;
const decimal: Reader = parseDecimal;
const hex: Reader = parseHex;
const text: Reader = (value) => value;
/** Values written after a unit letter (`H123` hours-based odometer, `P45.2` percent). */
const afterUnit: Reader = (value) => parseDecimal(value.slice(1));

/** The report mask's fields in the order the device writes them (engine speed comes before vehicle speed). */
const REPORT_FIELDS: readonly CanField[] = [
  [0, 'vin', text],
  [1, 'ignition', (value) => parseInteger(value) > 0],
  [2, 'obdOdometer', (value) => parseInteger(value.slice(1))],
  [3, 'fuelUsed', decimal],
  [5, 'rpm', int],
  [4, 'obdSpeed', int],
  [6, 'coolantTemp', int],
  [7, 'fuelConsumption', (value) => (value.startsWith('L/H') ? parseDecimal(value.slice(3)) : undefined)],
  [8, 'fuel', afterUnit],
  [9, 'range', (value) => parseInteger(value) * 100],
  [10, 'throttle', int],
  [11, 'hours', (value) => parseDecimal(value) * 3_600_000],
  [12, 'drivingTime', decimal],
  [13, 'idleHours', decimal],
  [14, 'idleFuelConsumption', decimal],
  [15, 'axleWeight', int],
  [16, 'tachographInfo', hex],
  [17, 'indicators', hex],
  [18, 'lights', hex],
  [19, 'doors', hex],
  [20, 'vehicleOverspeed', decimal],
  [21, 'engineOverspeed', decimal],
];

/** Model-specific report mask fields, none of them decoded. */
const MODEL_FIELDS = new Map([
  ['GV350M', [22, 23, 24]], // impulse distance, gross vehicle weight, catalyst liquid level
  ['GV355CEU', [22, 23, 24, 25, 26, 27, 28]], // impulse distance, engine starts, cold running time, handbrake, electric mask
]);

const EXPANSION_MASK = 29;
const LOCATION_BIT = 30;

/** The expansion mask's fields (bits 0 to 30; bit 31 announces a further mask). */
const EXPANSION_FIELDS: readonly CanField[] = [
  [0, 'adBlueLevel', afterUnit],
  [1, 'axleWeight1', int],
  [2, 'axleWeight3', int],
  [3, 'axleWeight4', int],
  [4], // tachograph overspeed
  [5], // tachograph motion
  [6], // tachograph direction
  [7, 'adc1', (value) => parseInteger(value) / 1000],
  ...[8, 9, 10, 11, 12, 13, 14].map((bit): CanField => [bit]), // braking factors, kick-downs, engine speed and cruise control totals
  [15, 'driver1Card', text],
  [16, 'driver2Card', text],
  [17, 'driver1Name', text],
  [18, 'driver2Name', text],
  [19, 'registration', text],
  ...[20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30].map((bit): CanField => [bit]), // expansion, tachograph and DTC details
];

/** Bits of the third mask (retarder usage, power mode, tachograph time), none of them decoded. */
const CAN_MASK_BITS = [0, 1, 2];

function bitSet(mask: number, bit: number): boolean {
  // Masks are up to 32 bits: plain division keeps bit 31 positive.
  return Math.floor(mask / 2 ** bit) % 2 === 1;
}

/** Reads one field per set bit; empty fields set nothing. */
function readMasked(position: DecodedPosition, fields: Fields, mask: number, layout: readonly CanField[]): void {
  for (const [bit, key, read] of layout) {
    if (!bitSet(mask, bit)) continue;
    const value = fields.next();
    if (key && read && value !== '') set(position, key, read(value));
  }
}

/**
 * CAN, the vehicle bus report of the GV-series CAN adapters: a 32-bit mask says which engine and
 * vehicle values follow, bit 29 adds an expansion mask (and its bit 31 a third one), bit 30 a
 * location of its own.
 */
export function decodeCanReport(fields: Fields, context: DecodeContext): Report {
  const { model, uniqueId } = readHeader(fields, context);
  const position = newPosition(context);
  fields.skip(3); // device name, report type, CAN bus state
  const mask = parseHex(fields.next());

  readMasked(position, fields, mask, REPORT_FIELDS);
  for (const bit of MODEL_FIELDS.get(model) ?? []) if (bitSet(mask, bit)) fields.skip();

  const expansion = bitSet(mask, EXPANSION_MASK) ? (fields.hex() ?? 0) : 0;
  readMasked(position, fields, expansion, EXPANSION_FIELDS);
  const canMask = bitSet(expansion, 31) ? (fields.hex() ?? 0) : 0;
  for (const bit of CAN_MASK_BITS) if (bitSet(canMask, bit)) fields.skip();

  if (model !== 'GV355CEU' && bitSet(mask, LOCATION_BIT)) {
    while (fields.peek() === '') fields.skip();
    position.valid = parseInteger(fields.next()) > 0;
    if (fields.peek() !== '') {
      readFix(position, fields);
    } else {
      useLastFix(position);
    }
  } else {
    useLastFix(position);
  }

  setReportTime(position, fields.time(), context);
  return { uniqueId, positions: [position] };
}

/** OBD, the report of the GV500's OBD-II interface: engine values, trouble codes, then a location. */
const OBD = reportPattern(
  String.raw`\+RESP:GTOBD,`,
  VERSION,
  IMEI,
  String.raw`(?:[0-9A-Z]{17})?,[^,]{0,20},[01],[0-9a-fA-F]{1,8},(?:[0-9A-Z]{17})?,[01],(?:\d{1,5})?,(?:[0-9a-fA-F]{8})?,`,
  String.raw`(?<rpm>\d{1,5})?,(?<obdSpeed>\d{1,3})?,(?<coolant>-?\d{1,3})?,(?<fuelConsumption>\d+\.?\d*|Inf|NaN)?,`,
  String.raw`(?<dtcsClearedDistance>\d{1,5})?,(?:\d{1,5})?,(?<obdConnect>[01])?,(?<dtcsNumber>\d{1,3})?,(?<dtcs>[0-9a-fA-F]*),`,
  String.raw`(?<throttle>\d{1,3})?,(?:\d{1,3})?,(?<fuel>\d{1,3})?,(?:[0-9A],)?(?<obdOdometer>\d+),`,
  LOCATION,
  String.raw`(?<mileage>\d{1,7}\.\d)?,`,
  TAIL,
);

export function decodeObdReport(sentence: string, context: DecodeContext): Report | null {
  return decodeMatchedReport(OBD, sentence, context, (position, groups) => {
    set(position, 'rpm', optional(groups.rpm, parseInteger));
    set(position, 'obdSpeed', optional(groups.obdSpeed, parseInteger));
    set(position, 'temp1', optional(groups.coolant, parseInteger));
    // Inf and NaN are what some firmware writes before it has a value.
    const consumption = Number(groups.fuelConsumption);
    if (present(groups.fuelConsumption) && Number.isFinite(consumption)) set(position, 'fuelConsumption', consumption);
    set(position, 'dtcsClearedDistance', optional(groups.dtcsClearedDistance, parseInteger));
    if (present(groups.obdConnect)) set(position, 'odbConnect', groups.obdConnect === '1');
    set(position, 'dtcsNumber', optional(groups.dtcsNumber, parseInteger));
    set(position, 'dtcsCodes', groups.dtcs);
    set(position, 'throttle', optional(groups.throttle, parseInteger));
    set(position, 'fuel', optional(groups.fuel, parseInteger));
    const odometer = optional(groups.obdOdometer, parseInteger);
    if (odometer !== undefined) set(position, 'obdOdometer', odometer * 1000);

    applyLocation(position, groups);

    const mileage = optional(groups.mileage, parseDecimal);
    if (mileage !== undefined) set(position, 'obdOdometer', Math.trunc(mileage * 1000));
  });
}
