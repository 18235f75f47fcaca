import type { Attributes } from '@rastro/api';
import { KEY, PREFIX } from '../../position/keys.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import type { ItemContext, ItemDecoder } from './item-context.ts';
import { AOVX_MODELS, bit } from './alarms.ts';
import { macAddress } from './entries.ts';
import { decodeObdBlock, decodeObdRealTime, decodeSensorTags } from './obd.ts';
import { addAlarm, hex, javaTrim, setText } from './position.ts';
import { decodeBatteryOrAlarms, decodeExtendedItems, decodeJimiItem, decodeSensorItem, decodeTrackerItem, decodeVendorData } from './vendor-items.ts';

const isAovx = (context: ItemContext): boolean => AOVX_MODELS.has(context.model);

/** Items by id: the standard's (0x01-0x31) and the vendor ones Traccar knows. */
export const ITEMS = new Map<number, ItemDecoder>([
  [0x01, (data, _length, { attributes }) => (attributes[KEY.odometer] = data.u32() * 100)],
  [0x02, (data, _length, { attributes }) => {
    // Bit 15 set: whole litres; otherwise tenths.
    const fuel = data.u16();
    attributes[KEY.fuel] = fuel & 0x8000 ? fuel & 0x7fff : fuel / 10;
  }],
  [0x06, (data, _length, { attributes }) => (attributes[KEY.batteryLevel] = data.u8())],
  [0x0b, (data, length, { attributes }) => decodeLockCommand(data, length, attributes)],
  [0x14, (data, _length, { attributes }) => (attributes.videoAlarm = data.u32())],
  [0x25, (data, _length, { attributes }) => (attributes[KEY.input] = data.u32())],
  [0x2b, decodeAnalogInputs],
  [0xa7, decodeAnalogInputs],
  [0x30, (data, _length, { attributes }) => (attributes[KEY.rssi] = data.u8())],
  [0x31, (data, _length, { attributes }) => (attributes[KEY.sat] = data.u8())],
  [0x33, decodeModeOrLockStatus],
  [0x51, decodeTemperatures],
  [0x56, (data, _length, { attributes }) => (attributes[KEY.batteryLevel] = data.u8() * 10)],
  [0x57, decodeDrivingAlarms],
  [0x60, decodeLockEvent],
  [0x63, decodeLocks],
  [0x64, (data, length, context) => decodeSafetyAlarm(data, length, context, 'adasAlarm')],
  [0x65, (data, length, context) => decodeSafetyAlarm(data, length, context, 'dmsAlarm')],
  [0x67, (data, _length, { attributes }) => setText(attributes, 'password', data.ascii(8))],
  [0x68, (data, _length, { attributes }) => (attributes[KEY.batteryLevel] = data.u16() / 100)],
  [0x69, (data, _length, { attributes }) => (attributes[KEY.battery] = data.u16() / 100)],
  [0x70, decodeCollision],
  [0x77, decodeTires],
  [0x82, (data, _length, { attributes }) => (attributes[KEY.power] = data.u16() / 10)],
  [0x91, (data, _length, { attributes }) => decodeObdBlock(data, attributes)],
  [0x94, (data, length, { attributes }) => setText(attributes, KEY.vin, data.ascii(length))],
  [0xac, (data, _length, { attributes }) => (attributes[KEY.odometer] = data.u32())],
  [0xbc, (data, length, { attributes }) => setText(attributes, 'driver', javaTrim(data.ascii(length)))],
  [0xbd, (data, length, { attributes }) => setText(attributes, KEY.driverUniqueId, data.ascii(length))],
  [0xd0, (data, _length, { position }) => addAlarm(position, bit(data.u32(), 3) ? 'vibration' : null)],
  [0xd3, (data, _length, { attributes }) => (attributes[KEY.power] = data.u16() / 10)],
  [0xd4, (data, length, context) => decodeTrackerItem(data, length, context, 0xd4)],
  [0xe1, (data, length, context) => decodeTrackerItem(data, length, context, 0xe1)],
  [0xe9, (data, length, context) => decodeTrackerItem(data, length, context, 0xe9)],
  [0xd5, decodeBatteryOrLocks],
  [0xda, decodeStringLock],
  [0xe2, (data, _length, { attributes, model }) => {
    if (model !== 'DT800') attributes[KEY.fuel] = data.u32() / 10;
  }],
  [0xe3, (data, _length, { attributes }) => {
    data.skip(1);
    attributes[KEY.batteryLevel] = data.u8();
    attributes[KEY.battery] = data.u16() / 100;
  }],
  [0xe4, (data, _length, { attributes }) => {
    if (data.u8() === 0) attributes[KEY.charge] = true;
    attributes[KEY.batteryLevel] = data.u8();
  }],
  [0xe5, (data, length, { attributes }) => {
    if (length === 1) attributes[KEY.motion] = data.u8() === 1;
  }],
  [0xe6, (data, length, context) => {
    const text = data.bytes(length);
    if (text.subarray(0, 7).toString('utf8') === '$OBD-RT') decodeObdRealTime(text.toString('utf8'), context.attributes);
    else if (length >= 11 && length % 11 === 0) decodeSensorTags(text, context.attributes);
  }],
  [0xe7, (data, length, { position }) => {
    if (length !== 8) return;
    const alarms = data.u16();
    addAlarm(position, alarms & 0x01 ? 'vibration' : null);
    addAlarm(position, alarms & 0x0e ? 'sos' : null);
  }],
  [0xe8, decodeJimiItem],
  [0xea, decodeExtendedItems],
  [0xeb, decodeVendorData],
  [0xec, decodeWifi],
  [0xf4, decodeWifi],
  [0xed, (data, length, { attributes }) => setText(attributes, 'card', javaTrim(data.ascii(length)))],
  [0xee, (data, length, { attributes }) => {
    if (length !== 6) return;
    attributes[KEY.rssi] = data.u8();
    attributes[KEY.power] = data.u16() / 1000;
    attributes[KEY.battery] = data.u16() / 1000;
    attributes[KEY.sat] = data.u8();
  }],
  [0xf0, decodeCells],
  [0xf1, (data, _length, { attributes }) => (attributes[KEY.power] = data.u32() / 1000)],
  [0xf2, (data, length, { attributes }) => setText(attributes, KEY.versionFw, data.ascii(length))],
  [0xf3, (data, length, context) => (isAovx(context) ? decodeBeaconTags(data, length, context.attributes) : decodeObdExtended(data, length, context.attributes))],
  [0xf5, (data, length, { attributes }) => {
    if (length === 2) attributes.illuminance = data.u16();
  }],
  [0xf6, (data, length, context) => decodeSensorItem(data, length, context, isAovx(context))],
  [0xf7, decodeBattery],
  [0xf8, (data, _length, context) => {
    if (isAovx(context)) {
      data.skip(9); // working mode, IMEI
      context.attributes[KEY.iccid] = hex(data.bytes(10));
    } else if (context.model === 'C5' || context.model === 'C5L') {
      context.attributes[KEY.steps] = data.u16();
    } else {
      context.attributes[`${PREFIX.temp}2`] = data.u16() / 10 - 50;
    }
  }],
  [0xf9, decodeGnssDetails],
  [0xfb, (data, length, { attributes }) => setText(attributes, 'container', data.ascii(length))],
  [0xfc, (data, _length, { attributes }) => (attributes.geofence = data.u8())],
  [0xfe, decodeBatteryOrAlarms],
]);

/** Electronic lock command: its card number or password, and the unlock result when the length is even. */
export function decodeLockCommand(data: ByteReader, length: number, attributes: Attributes): void {
  attributes.lockCommand = data.u8();
  if (length >= 5 && length <= 6) attributes.lockCard = data.u32();
  else if (length >= 7) setText(attributes, 'lockPassword', data.ascii(6));
  if (length % 2 === 0) attributes.unlockResult = data.u8();
}

function decodeAnalogInputs(data: ByteReader, _length: number, { attributes }: ItemContext): void {
  attributes[`${PREFIX.adc}1`] = data.u16() / 100;
  attributes[`${PREFIX.adc}2`] = data.u16() / 100;
}

/** One byte: working mode. Longer: a padlock's `*M00` status text, whose characters 10-12 are the battery in centivolts. */
function decodeModeOrLockStatus(data: ByteReader, length: number, { attributes }: ItemContext): void {
  if (length === 1) {
    attributes.mode = data.u8();
    return;
  }
  const text = data.ascii(length);
  const centivolts = Number(text.substring(10, 13));
  if (text.startsWith('*M00') && text.length >= 13 && Number.isInteger(centivolts)) attributes[KEY.battery] = centivolts / 100;
}

/** Up to 8 sensors in tenths of a degree, sign in bit 15; 0xffff is an absent sensor. */
function decodeTemperatures(data: ByteReader, length: number, { attributes }: ItemContext): void {
  if (length !== 2 && length !== 16) return;
  for (let index = 1; index <= length / 2; index += 1) {
    const value = data.u16();
    if (value === 0xffff) continue;
    attributes[`${PREFIX.temp}${index}`] = (value & 0x8000 ? -(value & 0x7fff) : value) / 10;
  }
}

function decodeDrivingAlarms(data: ByteReader, _length: number, { position, model }: ItemContext): void {
  const alarms = data.u16();
  addAlarm(position, alarms & 0x100 ? 'hardAcceleration' : null);
  addAlarm(position, alarms & 0x200 ? 'hardBraking' : null);
  addAlarm(position, alarms & 0x400 ? 'hardCornering' : null);
  data.skip(2); // external switches
  const more = data.u32();
  if (model === 'MV810G' || model === 'MV710G') addAlarm(position, bit(more, 16) ? 'door' : null);
}

/** Lock events 0x61-0x66 carry the lock id and the card that operated it. */
function decodeLockEvent(data: ByteReader, _length: number, { attributes }: ItemContext): void {
  const event = data.u16();
  attributes[KEY.event] = event;
  if (event >= 0x61 && event <= 0x66) {
    data.skip(6); // lock id
    setText(attributes, KEY.driverUniqueId, data.ascii(8));
  }
}

/** 11 bytes per padlock: id, battery in millivolts, seal state, physical state and signal. */
function decodeLocks(data: ByteReader, length: number, { attributes }: ItemContext): void {
  for (let index = 1; index <= Math.floor(length / 11); index += 1) {
    attributes[`lock${index}Id`] = hex(data.bytes(6));
    attributes[`lock${index}Battery`] = data.u16() / 1000;
    attributes[`lock${index}Seal`] = data.u8() === 0x31;
    data.skip(2);
  }
}

/** ADAS (0x64) and driver-monitoring (0x65) alarms; the full form ends with the 16-byte label of its attachments. */
function decodeSafetyAlarm(data: ByteReader, length: number, { attributes }: ItemContext, key: string): void {
  data.skip(5); // alarm serial number, alarm status
  attributes[key] = data.u8();
  if (length >= 47) {
    data.skip(length - 16 - data.position);
    attributes.alarmLabel = hex(data.bytes(16));
  }
}

function decodeCollision(data: ByteReader, _length: number, { position }: ItemContext): void {
  data.skip(5); // alarm serial number, alarm status
  const type = data.u8();
  const alarm = type === 0x01 ? 'hardAcceleration' : type === 0x02 ? 'hardBraking' : type === 0x03 ? 'hardCornering' : type === 0x16 ? 'accident' : null;
  addAlarm(position, alarm);
}

/** Tire pressure sensors, 8 bytes each: index, sensor id, pressure (10 bits, 1/40 bar), temperature, status. */
function decodeTires(data: ByteReader, length: number, { attributes }: ItemContext): void {
  while (data.position < length) {
    const tire = `tire${data.u8()}`;
    attributes[`${tire}SensorId`] = hex(data.bytes(3));
    attributes[`${tire}Pressure`] = (data.u16() & 0x3ff) / 40;
    attributes[`${tire}Temp`] = data.u8() - 50;
    attributes[`${tire}Status`] = data.u8();
  }
}

/** Two bytes: battery in centivolts. Otherwise a count of padlocks, 13 bytes each. */
function decodeBatteryOrLocks(data: ByteReader, length: number, { attributes }: ItemContext): void {
  if (length === 2) {
    attributes[KEY.battery] = data.u16() / 100;
    return;
  }
  const count = data.u8();
  for (let index = 1; index <= count; index += 1) {
    attributes[`lock${index}Id`] = hex(data.bytes(5));
    attributes[`lock${index}Card`] = hex(data.bytes(5));
    attributes[`lock${index}Battery`] = data.u8();
    attributes[`lock${index}Locked`] = (data.u16() & 0x20) === 0;
  }
}

/** Cable (string) lock state. */
function decodeStringLock(data: ByteReader, _length: number, { attributes }: ItemContext): void {
  data.skip(2); // string cut count
  const status = data.u8();
  attributes.string = (status & 0x01) !== 0;
  attributes[KEY.motion] = (status & 0x04) !== 0;
  attributes.cover = (status & 0x08) !== 0;
}

function decodeWifi(data: ByteReader, length: number, { wifis }: ItemContext): void {
  while (data.position < length) wifis.push({ macAddress: macAddress(data.bytes(6)), signalStrength: data.i8() });
}

/** mcc, mnc, cell id, lac and signal, 13 bytes per cell. */
function decodeCells(data: ByteReader, length: number, { cells }: ItemContext): void {
  while (data.position < length) {
    const mobileCountryCode = data.u16();
    const mobileNetworkCode = data.u16();
    const cellId = data.u32();
    const locationAreaCode = data.u32();
    cells.push({ mobileCountryCode, mobileNetworkCode, locationAreaCode, cellId, signalStrength: data.u8() });
  }
}

/** AOVX beacon tags: a mask of the optional fields, then per tag its MAC, signal and those fields. */
function decodeBeaconTags(data: ByteReader, length: number, attributes: Attributes): void {
  const mask = data.u8();
  for (let index = 1; data.position < length; index += 1) {
    const tag = `tag${index}`;
    attributes[`${tag}Mac`] = hex(data.bytes(6));
    attributes[`${tag}Rssi`] = data.i8();
    if (mask & 0x01) setText(attributes, `${tag}Name`, javaTrim(data.ascii(10)));
    if (mask & 0x02) data.skip(2); // firmware version
    if (mask & 0x04) attributes[`${tag}Battery`] = data.u16() / 1000;
    if (mask & 0x08) attributes[`${tag}Temp`] = data.i16() / 10;
    if (mask & 0x10) attributes[`${tag}Humidity`] = data.i16() / 10;
    if (mask & 0x20) data.skip(6); // accelerometer
    if (mask & 0x40) data.skip(2);
    if (mask & 0x80) data.skip(2);
  }
}

/** OBD values as entries of a 2-byte id and a 1-byte length. */
function decodeObdExtended(data: ByteReader, length: number, attributes: Attributes): void {
  while (data.position < length) {
    const type = data.u16();
    const size = data.u8();
    switch (type) {
      case 0x0002: attributes[KEY.obdSpeed] = data.u16() / 10; break;
      case 0x0003: attributes[KEY.rpm] = data.u16(); break;
      case 0x0004: attributes[KEY.power] = data.u16() / 1000; break;
      case 0x0005: attributes[KEY.obdOdometer] = data.u32() * 100; break;
      case 0x0007: attributes[KEY.fuelConsumption] = data.u16() / 10; break;
      case 0x0008: attributes.engineLoad = data.u16() / 10; break;
      case 0x0009: attributes.coolantTemp = data.u16() - 40; break;
      case 0x000b: attributes.intakePressure = data.u16(); break;
      case 0x000c: attributes.intakeTemp = data.u16() - 40; break;
      case 0x000d: attributes.intakeFlow = data.u16(); break;
      case 0x000e: attributes[KEY.throttle] = Math.floor((data.u16() * 100) / 255); break;
      case 0x0050: setText(attributes, KEY.vin, data.ascii(17)); break;
      case 0x0051: if (size > 0) attributes.cvn = hex(data.bytes(size)); break;
      case 0x0052: if (size > 0) setText(attributes, 'calid', data.ascii(size)); break;
      case 0x0100: attributes[KEY.tripOdometer] = data.u16() / 10; break;
      case 0x0102: attributes.tripFuel = data.u16() / 10; break;
      case 0x0112: attributes.hardAccelerationCount = data.u16(); break;
      case 0x0113: attributes.hardDecelerationCount = data.u16(); break;
      case 0x0114: attributes.hardCorneringCount = data.u16(); break;
      default: data.skip(size);
    }
  }
}

/** Internal battery in millivolts, then optionally its charging state and level. Two bytes: humidity. */
function decodeBattery(data: ByteReader, length: number, { attributes }: ItemContext): void {
  if (length === 2) {
    attributes.humidity = data.u16() / 10;
    return;
  }
  attributes[KEY.battery] = data.u32() / 1000;
  if (length >= 5) {
    const status = data.u8();
    if (status === 2 || status === 3) attributes[KEY.charge] = true;
  }
  if (length >= 6) attributes[KEY.batteryLevel] = data.u8();
}

/** GNSS details behind a field mask: only HDOP and the external temperature are kept. */
function decodeGnssDetails(data: ByteReader, _length: number, { attributes }: ItemContext): void {
  const mask = data.u16();
  if (mask & 0x01) data.skip(4); // GNSS age
  if (mask & 0x02) data.skip(4); // ACC on time
  if (mask & 0x04) attributes[KEY.hdop] = data.u16() / 10;
  if (mask & 0x08) data.skip(6); // GNSS time
  if (mask & 0x20) data.skip(8); // sampling and report intervals
  if (mask & 0x40) {
    attributes[`${PREFIX.temp}3`] = data.i16() / 10;
    data.skip(4); // thresholds
  }
}
