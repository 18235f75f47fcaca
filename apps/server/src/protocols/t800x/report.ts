import { KNOTS_PER_KMH, type Attributes } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm, KEY, PREFIX } from '../../position/keys.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { alarmOf } from './alarms.ts';
import { bcd, floatLe, outdatedPosition, readTime, T800X_PROTOCOL } from './fields.ts';
import { OBD_HEADER, PERSONAL_HEADER, type Head } from './frame.ts';

export const GPS = 0x02;
export const ALARM = 0x04;
/** The newer layouts: an output byte instead of output bits, five analog inputs instead of two. */
export const GPS_2 = 0x13;
export const ALARM_2 = 0x14;

/** A model whose plain reports carry the internal battery voltage, as the newer layouts all do. */
const BATTERY_MODEL = 'TLW2-2BL';

/** Speed, OBD speed, fuel used and consumption, RPM and at least the first engine values. */
const OBD_BLOCK = 19;

export interface Report {
  position: DecodedPosition;
  /** The alarm code, echoed in the acknowledgement. */
  alarm: number;
}

/**
 * A location report (0x02, 0x13) or alarm (0x04, 0x14). Vehicle families open with their upload
 * settings, I/O and analog inputs; personal trackers (0x2727) go straight to the satellites and
 * the alarm, and close with sensors. Both carry a 22-byte location block: a GPS fix when status
 * bit 6 says so, otherwise the time and three serving cells.
 */
export function decodeReport(reader: ByteReader, head: Head, model: string): Report {
  const personal = head.header === PERSONAL_HEADER;
  const extended = head.type === GPS_2 || head.type === ALARM_2;
  const attributes: Attributes = { [KEY.index]: head.serial };

  if (!personal) {
    reader.skip(7); // upload intervals with ignition on and off, angle and distance compensation
    attributes[KEY.rssi] = reader.u16() & 0x7f;
  }
  const status = reader.u8();
  attributes[KEY.sat] = status & 0x1f;
  if (!personal) decodeInputs(reader, head, extended, attributes);

  const alarm = reader.u8();
  addAlarm(attributes, alarmOf(alarm, personal));
  attributes.alarmCode = alarm;
  if (!personal) {
    reader.skip(1);
    attributes[KEY.odometer] = reader.u32();
    attributes[KEY.batteryLevel] = batteryLevel(reader);
  }

  const position = status & 0x40 ? readFix(reader, head.header === OBD_HEADER) : readCells(reader);
  if (personal) decodeSensors(reader, attributes);
  else decodeVehicleTail(reader, position, attributes, extended || model === BATTERY_MODEL);
  position.attributes = attributes;
  return { position, alarm };
}

function decodeInputs(reader: ByteReader, head: Head, extended: boolean, attributes: Attributes): void {
  reader.skip(6); // g-sensor state, flags, heartbeat interval, relay state, drag alarm setting
  const io = reader.u16();
  attributes[KEY.ignition] = bit(io, 14);
  attributes.ac = bit(io, 13);
  attributes[`${PREFIX.in}3`] = bit(io, 12);
  attributes[`${PREFIX.in}4`] = bit(io, 11);
  if (extended) {
    attributes[KEY.output] = reader.u8();
    reader.skip(1);
  } else {
    attributes[`${PREFIX.out}1`] = bit(io, 7);
    attributes[`${PREFIX.out}2`] = bit(io, 8);
    attributes[`${PREFIX.out}3`] = bit(io, 9);
  }
  if (head.header === OBD_HEADER) return;
  const inputs = extended ? 5 : 2;
  for (let index = 1; index <= inputs; index++) {
    const value = reader.u16();
    if (value !== 0xffff) attributes[`${PREFIX.adc}${index}`] = value / 100;
  }
}

/** Percent in BCD; 0 is what a device without a battery gauge sends, read as full. */
function batteryLevel(reader: ByteReader): number {
  const level = bcd(reader, 1);
  return level > 0 ? level : 100;
}

function readFix(reader: ByteReader, obd: boolean): DecodedPosition {
  const position = decodedPosition(T800X_PROTOCOL, readTime(reader), { valid: true, outdated: false });
  position.altitude = floatLe(reader);
  position.longitude = floatLe(reader);
  position.latitude = floatLe(reader);
  // OBD trackers put the vehicle's own speed in the OBD block instead.
  if (obd) reader.skip(2);
  else position.speed = (bcd(reader, 2) / 10) * KNOTS_PER_KMH;
  position.course = reader.u16();
  return position;
}

/**
 * Without a fix the block holds MCC and MNC, then LAC and cell id of three cells, little-endian.
 * The block keeps its size when the network is unknown (MCC or MNC 0xffff) or a cell slot is
 * empty (all zero): those are left out.
 */
function readCells(reader: ByteReader): DecodedPosition {
  const position = outdatedPosition(readTime(reader));
  const mcc = reader.u16le();
  const mnc = reader.u16le();
  const cells = [0, 1, 2].map(() => ({ lac: reader.u16le(), cellId: reader.u16le() }));
  if (mcc === 0xffff || mnc === 0xffff) return position;
  const towers = cells
    .filter(({ lac, cellId }) => lac !== 0 || cellId !== 0)
    .map(({ lac, cellId }) => ({ mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId }));
  if (towers.length > 0) position.network = { radioType: 'gsm', considerIp: false, cellTowers: towers };
  return position;
}

/** Personal and asset trackers: accelerometer, battery, temperature, light, solar panel, odometer, inputs. */
function decodeSensors(reader: ByteReader, attributes: Attributes): void {
  attributes.gSensor = gSensor(reader.bytes(5).readUIntBE(0, 5));
  attributes[KEY.batteryLevel] = batteryLevel(reader);
  attributes.deviceTemp = reader.i8();
  attributes.lightSensor = bcd(reader, 1) / 10;
  attributes[KEY.battery] = bcd(reader, 1) / 10;
  attributes.solarPanel = bcd(reader, 1) / 10;
  attributes[KEY.odometer] = reader.u32();
  const inputs = reader.u16();
  attributes[KEY.ignition] = bit(inputs, 2);
  attributes[KEY.rssi] = Math.floor(inputs / 16) & 0x7f;
  attributes[KEY.input] = inputs;
}

/**
 * Three axes packed in 40 bits, each a sign bit, whole units and tenths (X keeps its tenths
 * above its units). Written as Traccar writes it: `[x,y,z]` with Java's decimals.
 */
function gSensor(packed: number): string {
  const bits = (from: number, to: number) => Math.floor(packed / 2 ** from) % 2 ** (to - from);
  const axis = (units: number, tenths: number, signBit: number) => (bits(signBit, signBit + 1) ? 1 : -1) * (units + tenths / 10);
  const x = axis(bits(28, 32), bits(32, 39), 39);
  const y = axis(bits(20, 27), bits(16, 20), 27);
  const z = axis(bits(8, 15), bits(4, 8), 15);
  return `[${[x, y, z].map(javaDouble).join(',')}]`;
}

function javaDouble(value: number): string {
  if (Object.is(value, -0)) return '-0.0';
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/**
 * Vehicle families: the internal battery voltage (newer layouts and some models), the external
 * power, and on OBD trackers the engine's data, whose speed replaces the GPS speed.
 */
function decodeVehicleTail(reader: ByteReader, position: DecodedPosition, attributes: Attributes, battery: boolean): void {
  if (battery) attributes[KEY.battery] = bcd(reader, 2) / 100;
  if (reader.remaining >= 2) attributes[KEY.power] = bcd(reader, 2) / 100;
  if (reader.remaining < OBD_BLOCK) return;
  position.speed = (bcd(reader, 2) / 10) * KNOTS_PER_KMH;
  attributes[KEY.obdSpeed] = bcd(reader, 2) / 100;
  attributes[KEY.fuelUsed] = reader.u32() / 1000;
  attributes[KEY.fuelConsumption] = reader.u32() / 1000;
  attributes[KEY.rpm] = reader.u16();
  // One byte each, 0xff when the vehicle does not report it; temperatures offset by 40.
  const engine: [string, number][] = [
    ['airInput', 0],
    ['airPressure', 0],
    ['coolantTemp', -40],
    ['airTemp', -40],
    ['engineLoad', 0],
    [KEY.throttle, 0],
    [KEY.fuel, 0],
  ];
  for (const [key, offset] of engine) {
    if (reader.remaining === 0) break;
    const value = reader.u8();
    if (value !== 0xff) attributes[key] = value + offset;
  }
}

function bit(value: number, index: number): boolean {
  return ((value >> index) & 1) === 1;
}
