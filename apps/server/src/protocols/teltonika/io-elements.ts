import { KNOTS_PER_KMH, type Alarm } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { addAlarm } from './position.ts';
import { anyModel, fmb6XX, fmbXXX, tatXXX, type ModelTest } from './models.ts';
import { KEY, PREFIX, attribute } from '../../position/keys.ts';

/** Decodes one fixed-width IO element (1, 2, 4 or 8 bytes) into the record's position. */
type IoHandler = (value: Buffer, position: DecodedPosition) => void;

/** Big-endian unsigned value; 8-byte values above 2^53 lose precision, as any JSON number read by JS would. */
export function unsigned(value: Buffer): number {
  return value.length > 6 ? Number(value.readBigUInt64BE()) : value.readUIntBE(0, value.length);
}

/** Big-endian two's complement value of the element's own width. */
export function signed(value: Buffer): number {
  return value.length > 6 ? Number(value.readBigInt64BE()) : value.readIntBE(0, value.length);
}

/**
 * Each named id is read as one fixed type from the element's first bytes, whatever width the
 * device gave it (Traccar's rule: IO 113 is one byte even when sent in four). An element narrower
 * than its type is read whole.
 */
type Read = (value: Buffer) => number;
const leading =
  (size: number, read: (value: Buffer) => number): Read =>
  (value) =>
    read(value.length > size ? value.subarray(0, size) : value);
const u8 = leading(1, unsigned);
const i8 = leading(1, signed);
const u16 = leading(2, unsigned);
const i16 = leading(2, signed);
const u32 = leading(4, unsigned);
const i32 = leading(4, signed);

const flag =
  (key: string): IoHandler =>
  (value, position) => {
    position.attributes[key] = u8(value) > 0;
  };

const scaled =
  (key: string, read: Read, divisor = 1): IoHandler =>
  (value, position) => {
    position.attributes[key] = read(value) / divisor;
  };

const alarmWhenSet =
  (alarm: Alarm): IoHandler =>
  (value, position) => {
    if (u8(value) > 0) addAlarm(position, alarm);
  };

const HARSH_DRIVING: Alarm[] = ['hardAcceleration', 'hardBraking', 'hardCornering'];

const fmbNot6XX: ModelTest = (model) => fmbXXX(model) && !fmb6XX(model);
const fmbOrTat: ModelTest = (model) => fmbXXX(model) || tatXXX(model);

/**
 * Named IO ids, following Traccar's Teltonika table. The same id means different things on
 * different families, so part of them apply only when the device's model (Traccar's `model`
 * field) is of the family Traccar names: ADC, OBD, CAN, temperatures, alarms and cell ids for the
 * FMB family, BLE temperatures for FM6xx, cells for TAT. Without a model only the common ids are
 * named; the others stay `io<id>`.
 */
const IO_HANDLERS = new Map<number, [ModelTest, IoHandler]>([
  [1, [anyModel, flag('in1')]],
  [2, [anyModel, flag('in2')]],
  [3, [anyModel, flag('in3')]],
  [4, [anyModel, flag('in4')]],
  [9, [fmbXXX, scaled('adc1', u16, 1000)]],
  [10, [fmbXXX, scaled('adc2', u16, 1000)]],
  [11, [fmbXXX, iccid]],
  [12, [fmbXXX, scaled(KEY.fuelUsed, u32, 1000)]],
  [13, [fmbXXX, scaled(KEY.fuelConsumption, u16, 100)]],
  [16, [anyModel, scaled(KEY.odometer, u32)]],
  [17, [anyModel, scaled('axisX', i16)]],
  [18, [anyModel, scaled('axisY', i16)]],
  [19, [anyModel, scaled('axisZ', i16)]],
  [21, [anyModel, scaled(KEY.rssi, u8)]],
  // The vehicle speed the device measured replaces the GPS speed.
  [
    24,
    [
      fmbXXX,
      (value, position) => {
        position.speed = u16(value) * KNOTS_PER_KMH;
      },
    ],
  ],
  ...numbered(25, 4, (n) => [anyModel, scaled(`bleTemp${n}`, i16, 100)]),
  [30, [fmbXXX, scaled('faultCount', u8)]],
  [31, [fmbXXX, scaled('engineLoad', u8)]],
  [32, [fmbXXX, scaled('coolantTemp', i8)]],
  [36, [fmbXXX, scaled(KEY.rpm, u16)]],
  [43, [fmbXXX, scaled('milDistance', u16)]],
  [57, [fmbXXX, scaled('hybridBatteryLevel', i8)]],
  [66, [anyModel, scaled(KEY.power, u16, 1000)]],
  [67, [anyModel, scaled(KEY.battery, u16, 1000)]],
  [68, [fmbXXX, scaled('batteryCurrent', u16, 1000)]],
  ...numbered(72, 4, (n) => [fmbXXX, scaled(`${PREFIX.temp}${n}`, i32, 10)]),
  [78, [anyModel, driverKey]],
  [80, [fmbNot6XX, scaled('dataMode', u8)]],
  [81, [fmbNot6XX, scaled(KEY.obdSpeed, u8)]],
  [82, [fmbNot6XX, scaled(KEY.throttle, u8)]],
  [83, [fmbNot6XX, scaled(KEY.fuelUsed, u32, 10)]],
  [84, [fmbNot6XX, scaled(KEY.fuel, u16, 10)]],
  [85, [fmbNot6XX, scaled(KEY.rpm, u16)]],
  [87, [fmbNot6XX, scaled(KEY.obdOdometer, u32)]],
  [89, [fmbNot6XX, scaled(KEY.fuelLevel, u8)]],
  [107, [fmbXXX, scaled(KEY.fuelUsed, u32, 10)]],
  [110, [fmbXXX, scaled(KEY.fuelConsumption, u16, 10)]],
  [113, [fmbXXX, scaled(KEY.batteryLevel, u8)]],
  [115, [fmbXXX, scaled('engineTemp', i16, 10)]],
  [175, [fmbXXX, (value, position) => addAlarm(position, u8(value) > 0 ? 'geofenceEnter' : 'geofenceExit')]],
  [179, [anyModel, flag('out1')]],
  [180, [anyModel, flag('out2')]],
  [181, [anyModel, scaled(KEY.pdop, u16, 10)]],
  [182, [anyModel, scaled(KEY.hdop, u16, 10)]],
  [199, [anyModel, scaled(KEY.tripOdometer, u32)]],
  [200, [fmbXXX, scaled('sleepMode', u8)]],
  // Cell ids and area code: moved into the position's network once the record is complete.
  [205, [fmbOrTat, scaled('cid2g', u16)]],
  [206, [fmbOrTat, scaled('lac', u16)]],
  [236, [anyModel, alarmWhenSet('general')]],
  [239, [anyModel, flag(KEY.ignition)]],
  [240, [anyModel, flag(KEY.motion)]],
  [241, [anyModel, scaled(KEY.operator, u32)]],
  [246, [fmbXXX, alarmWhenSet('tow')]],
  [247, [fmbXXX, alarmWhenSet('accident')]],
  [249, [fmbXXX, alarmWhenSet('jamming')]],
  [251, [fmbXXX, alarmWhenSet('idle')]],
  [252, [fmbXXX, alarmWhenSet('powerCut')]],
  [
    253,
    [
      anyModel,
      (value, position) => {
        const alarm = HARSH_DRIVING[u8(value) - 1];
        if (alarm) addAlarm(position, alarm);
      },
    ],
  ],
  // FMB003 reports the OBD odometer in kilometres.
  [389, [(model) => model === 'FMB003', (value, position) => (position.attributes[KEY.obdOdometer] = u32(value) * 1000)]],
  [636, [fmbOrTat, scaled('cid4g', u32)]],
  [662, [fmbXXX, flag(KEY.door)]],
  ...numbered(701, 4, (n) => [fmb6XX, scaled(`bleTemp${n}`, i16, 10)]),
  ...numbered(10644, 6, (n) => [fmbXXX, scaled(`tempProbe${n}`, i16, 100)]),
  ...numbered(10800, 4, (n) => [fmbXXX, scaled(`eyeTemp${n}`, i16, 100)]),
  ...numbered(10832, 4, (n) => [fmbXXX, scaled(`eyeRoll${n}`, i16)]),
]);

/** `count` consecutive ids starting at `first`, numbered from 1. */
function numbered(first: number, count: number, entry: (n: number) => [ModelTest, IoHandler]): [number, [ModelTest, IoHandler]][] {
  return Array.from({ length: count }, (_, i) => [first + i, entry(i + 1)]);
}

/** The SIM's ICCID as a decimal string: 19-20 digits do not fit a JSON number without loss. */
function iccid(value: Buffer, position: DecodedPosition): void {
  position.attributes[KEY.iccid] = value.length === 8 ? value.readBigInt64BE().toString() : String(unsigned(value));
}

/** iButton / RFID key: sent least significant byte first; shown as 16 hex digits; all zeros means no key. */
function driverKey(value: Buffer, position: DecodedPosition): void {
  if (value.every((byte) => byte === 0)) return;
  position.attributes[KEY.driverUniqueId] = Buffer.from(value).reverse().toString('hex').toUpperCase().padStart(16, '0');
}

/** Ids without a meaning for this model are kept as `io<id>`: 1, 2 and 4-byte values unsigned, 8-byte values signed, as Traccar reads them. */
export function decodeIoElement(id: number, value: Buffer, position: DecodedPosition, model: string): void {
  const entry = IO_HANDLERS.get(id);
  if (entry?.[0](model)) entry[1](value, position);
  else position.attributes[`${PREFIX.io}${id}`] = value.length === 8 ? signed(value) : unsigned(value);
}

/**
 * FM6xx trackers send a tachograph driver's 16-character card number in two 8-byte elements,
 * 195 and 196, which Traccar joins into the driver's id (both elements are kept as `io<id>` too).
 */
export function tachographDriver(halves: Map<number, Buffer>, position: DecodedPosition, model: string): void {
  const high = halves.get(195);
  const low = halves.get(196);
  if (!fmb6XX(model) || !high || !low) return;
  const card = Buffer.alloc(16);
  high.copy(card, 8 - Math.min(8, high.length), 0, 8);
  low.copy(card, 16 - Math.min(8, low.length), 0, 8);
  position.attributes[KEY.driverUniqueId] = card.toString('utf8');
}

/**
 * Traccar turns the serving cell IO elements into the position's network: LAC plus a 2G or 4G
 * cell id, with the operator code (MCC followed by MNC) when the device reports one. TAT100
 * reports up to four cells as groups of plain IO ids instead.
 */
export function moveCellsToNetwork(position: DecodedPosition, model: string): void {
  if (model === 'TAT100') moveTatCells(position);
  else moveServingCell(position);
}

function moveServingCell(position: DecodedPosition): void {
  const { attributes } = position;
  const lac = attributes.lac;
  const cellId = attributes.cid2g ?? attributes.cid4g;
  delete attributes.cid2g;
  delete attributes.cid4g;
  delete attributes.lac;
  if (typeof lac !== 'number' || typeof cellId !== 'number') return;
  const code = attribute(attributes, KEY.operator);
  const operator = code !== undefined && code >= 1000 ? String(code) : null;
  position.network = {
    radioType: 'gsm',
    considerIp: false,
    cellTowers: [
      {
        cellId,
        locationAreaCode: lac,
        mobileCountryCode: operator ? Number(operator.slice(0, 3)) : 0,
        mobileNetworkCode: operator ? Number(operator.slice(3)) : 0,
      },
    ],
  };
}

/** TAT100's cells: MNC, LAC, cell id and signal of each cell in its own IO ids (no MCC: Traccar's default, 0). */
const TAT_CELLS = [
  [1200, 287, 288, 289],
  [1201, 290, 291, 292],
  [1202, 293, 294, 295],
  [1203, 296, 297, 298],
];

function moveTatCells(position: DecodedPosition): void {
  const { attributes } = position;
  const take = (id: number) => {
    const key = `${PREFIX.io}${id}`;
    const value = attributes[key];
    Reflect.deleteProperty(attributes, key);
    return typeof value === 'number' ? value : undefined;
  };
  const cellTowers = [];
  for (const [mncId, lacId, cidId, rssiId] of TAT_CELLS) {
    const present = [mncId, lacId, cidId].every((id) => `${PREFIX.io}${id}` in attributes);
    if (!present) continue;
    const [mobileNetworkCode, locationAreaCode, cellId, rssi] = [take(mncId), take(lacId), take(cidId), take(rssiId)];
    cellTowers.push({
      mobileCountryCode: 0,
      mobileNetworkCode,
      locationAreaCode,
      cellId,
      ...(rssi !== undefined && { signalStrength: rssi > 0 ? -rssi : rssi }),
    });
  }
  if (cellTowers.length > 0) position.network = { radioType: 'gsm', considerIp: false, cellTowers };
}
