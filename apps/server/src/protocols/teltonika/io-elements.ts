import { KNOTS_PER_KMH, type Alarm } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { addAlarm } from './position.ts';
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

const flag =
  (key: string): IoHandler =>
  (value, position) => {
    position.attributes[key] = unsigned(value) > 0;
  };

const scaled =
  (key: string, divisor = 1, read: (value: Buffer) => number = unsigned): IoHandler =>
  (value, position) => {
    position.attributes[key] = read(value) / divisor;
  };

const alarmWhenSet =
  (alarm: Alarm): IoHandler =>
  (value, position) => {
    if (unsigned(value) > 0) addAlarm(position, alarm);
  };

const HARSH_DRIVING: Alarm[] = ['hardAcceleration', 'hardBraking', 'hardCornering'];

/**
 * Named IO ids, following Traccar's Teltonika table. Traccar applies part of them (ADC, OBD, CAN,
 * temperatures, alarms, cell ids...) only when the device's model is of the FMB family (FMB, FMC,
 * FMM..., MTB100, MSP500). Devices here carry no model, so those apply to every device: they are
 * what the common Teltonika trackers send. Meanings Traccar gives only for other families (FM6xx
 * BLE temperatures and driver, TAT100 cells) are not decoded and stay `io<id>`.
 */
const IO_HANDLERS = new Map<number, IoHandler>([
  [1, flag('in1')],
  [2, flag('in2')],
  [3, flag('in3')],
  [4, flag('in4')],
  [9, scaled('adc1', 1000)],
  [10, scaled('adc2', 1000)],
  [11, iccid],
  [12, scaled(KEY.fuelUsed, 1000)],
  [13, scaled(KEY.fuelConsumption, 100)],
  [16, scaled(KEY.odometer)],
  [17, scaled('axisX', 1, signed)],
  [18, scaled('axisY', 1, signed)],
  [19, scaled('axisZ', 1, signed)],
  [21, scaled(KEY.rssi)],
  // The vehicle speed the device measured replaces the GPS speed.
  [
    24,
    (value, position) => {
      position.speed = unsigned(value) * KNOTS_PER_KMH;
    },
  ],
  [25, scaled('bleTemp1', 100, signed)],
  [26, scaled('bleTemp2', 100, signed)],
  [27, scaled('bleTemp3', 100, signed)],
  [28, scaled('bleTemp4', 100, signed)],
  [30, scaled('faultCount')],
  [31, scaled('engineLoad')],
  [32, scaled('coolantTemp', 1, signed)],
  [36, scaled(KEY.rpm)],
  [43, scaled('milDistance')],
  [57, scaled('hybridBatteryLevel', 1, signed)],
  [66, scaled(KEY.power, 1000)],
  [67, scaled(KEY.battery, 1000)],
  [68, scaled('batteryCurrent', 1000)],
  [72, scaled('temp1', 10, signed)],
  [73, scaled('temp2', 10, signed)],
  [74, scaled('temp3', 10, signed)],
  [75, scaled('temp4', 10, signed)],
  [78, driverKey],
  [80, scaled('dataMode')],
  [81, scaled(KEY.obdSpeed)],
  [82, scaled(KEY.throttle)],
  [83, scaled(KEY.fuelUsed, 10)],
  [84, scaled(KEY.fuel, 10)],
  [85, scaled(KEY.rpm)],
  [87, scaled(KEY.obdOdometer)],
  [89, scaled(KEY.fuelLevel)],
  [107, scaled(KEY.fuelUsed, 10)],
  [110, scaled(KEY.fuelConsumption, 10)],
  [113, scaled(KEY.batteryLevel)],
  [115, scaled('engineTemp', 10, signed)],
  [175, (value, position) => addAlarm(position, unsigned(value) > 0 ? 'geofenceEnter' : 'geofenceExit')],
  [179, flag('out1')],
  [180, flag('out2')],
  [181, scaled(KEY.pdop, 10)],
  [182, scaled(KEY.hdop, 10)],
  [199, scaled(KEY.tripOdometer)],
  [200, scaled('sleepMode')],
  // Cell ids and area code: moved into the position's network once the record is complete.
  [205, scaled('cid2g')],
  [206, scaled('lac')],
  [236, alarmWhenSet('general')],
  [239, flag(KEY.ignition)],
  [240, flag(KEY.motion)],
  [241, scaled(KEY.operator)],
  [246, alarmWhenSet('tow')],
  [247, alarmWhenSet('accident')],
  [249, alarmWhenSet('jamming')],
  [251, alarmWhenSet('idle')],
  [252, alarmWhenSet('powerCut')],
  [
    253,
    (value, position) => {
      const alarm = HARSH_DRIVING[unsigned(value) - 1];
      if (alarm) addAlarm(position, alarm);
    },
  ],
  [636, scaled('cid4g')],
  [662, flag(KEY.door)],
  ...numbered(10644, 6, (n) => scaled(`tempProbe${n}`, 100, signed)),
  ...numbered(10800, 4, (n) => scaled(`eyeTemp${n}`, 100, signed)),
  ...numbered(10832, 4, (n) => scaled(`eyeRoll${n}`, 1, signed)),
]);

/** `count` consecutive ids starting at `first`, numbered from 1. */
function numbered(first: number, count: number, handler: (n: number) => IoHandler): [number, IoHandler][] {
  return Array.from({ length: count }, (_, i) => [first + i, handler(i + 1)]);
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

/** Unknown ids are kept as `io<id>`: 1, 2 and 4-byte values unsigned, 8-byte values signed, as Traccar reads them. */
export function decodeIoElement(id: number, value: Buffer, position: DecodedPosition): void {
  const handler = IO_HANDLERS.get(id);
  if (handler) handler(value, position);
  else position.attributes[`${PREFIX.io}${id}`] = value.length === 8 ? signed(value) : unsigned(value);
}

/**
 * Traccar turns the serving cell IO elements into the position's network: LAC plus a 2G or 4G
 * cell id, with the operator code (MCC followed by MNC) when the device reports one.
 */
export function moveCellToNetwork(position: DecodedPosition): void {
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
