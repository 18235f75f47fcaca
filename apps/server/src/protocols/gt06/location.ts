import type { Attributes } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { alarmOf } from './alarms.ts';
import { readGps } from './gps.ts';
import { readTag } from './layouts.ts';
import { readServingCell } from './lbs.ts';
import type { Message } from './message.ts';
import { newPosition, setText, trimmed } from './position.ts';
import type { ByteReader } from './reader.ts';
import { isNtRecord, readStatusBlock, readTerminalInfo } from './status.ts';
import { KEY, addAlarm } from '../../position/keys.ts';

const GPS_LBS_1 = 0x12;
const STATUS = 0x13;
const GPS_LBS_STATUS_1 = 0x16;
const GPS_LBS_RFID = 0x17;
const LBS_STATUS = 0x19;
const GPS_LBS_2 = 0x22;
const GPS_LBS_DRIVER = 0x25;
const GPS_LBS_STATUS_3 = 0x27;
const GPS_LBS_4 = 0x2d;
const GPS_LBS_5 = 0x31;
const GPS_LBS_STATUS_4 = 0x32;
const STATUS_2 = 0x36;
const GPS_LBS_3 = 0x37;
const ALARM_MODULE = 0x39;
const GPS_LBS_STATUS_5 = 0xa2;
const FENCE_SINGLE = 0xa3;
const FENCE_MULTI = 0xa4;
const LBS_ALARM = 0xa5;

/** What a message of the common location family holds, in this order: GPS block, serving cell, status block. */
interface Parts {
  gps: boolean;
  cell: boolean;
  status: boolean;
}

const G = { gps: true, cell: false, status: false };
const GC = { gps: true, cell: true, status: false };
const GCS = { gps: true, cell: true, status: true };
const CS = { gps: false, cell: true, status: true };

const PARTS = new Map<number, Parts>([
  [0x10, G], // GPS
  [0x11, GC], // GPS + LBS, 2-byte mnc and 4-byte cell id
  [GPS_LBS_1, GC],
  [STATUS, { gps: false, cell: false, status: true }], // heartbeat
  [GPS_LBS_STATUS_1, GCS], // alarm
  [GPS_LBS_RFID, GC], // with an RFID tag (0x17 frames of the RFID length)
  [LBS_STATUS, CS],
  [0x1a, G], // GPS + phone number: address request
  [0x1e, G], // JI09
  [GPS_LBS_2, GC],
  [GPS_LBS_DRIVER, GC],
  [0x26, GCS],
  [GPS_LBS_STATUS_3, GCS],
  [GPS_LBS_4, GC],
  [GPS_LBS_5, GC],
  [GPS_LBS_STATUS_4, GCS],
  [STATUS_2, { gps: false, cell: false, status: true }],
  [GPS_LBS_3, GC],
  [ALARM_MODULE, GCS],
  [0xa0, GC], // 4G cell
  [GPS_LBS_STATUS_5, GCS],
  [FENCE_MULTI, GCS],
  [LBS_ALARM, CS],
  [0xa7, { gps: false, cell: true, status: false }], // LBS address request
]);

/** The parts of a message of the common location family; undefined for other types. */
function partsOf(message: Message): Parts | undefined {
  const { type, variant } = message;
  // SEEWORLD sends a heartbeat where GK310 devices send a single-geofence alarm.
  if (type === FENCE_SINGLE) return variant === 'seeworld' ? { gps: false, cell: false, status: true } : GC;
  const parts = PARTS.get(type);
  if (parts && isNtRecord(message)) return { ...parts, status: true };
  return parts;
}

/** Whether the message is one of the common location family (`79 79` 0x32 and 0x36 are other layouts). */
export function isLocation(message: Message): boolean {
  if (message.extended && (message.type === GPS_LBS_STATUS_4 || message.type === STATUS_2)) return false;
  return partsOf(message) !== undefined;
}

/** Whether the serving cell starts with its length: in the messages with a status block, but a few. */
function sizedCell(message: Message, parts: Parts): boolean {
  const { type, variant } = message;
  if (!parts.status || type === LBS_STATUS || type === LBS_ALARM || type === ALARM_MODULE || type === GPS_LBS_STATUS_5) return false;
  return !(type === GPS_LBS_STATUS_1 && variant === 'vxt01');
}

/** Types whose status block is followed by a language byte. */
function hasLanguage(message: Message): boolean {
  const { type } = message;
  return type === STATUS_2 || type === GPS_LBS_STATUS_5 || type === GPS_LBS_STATUS_3 || type === FENCE_MULTI || type === ALARM_MODULE || isNtRecord(message);
}

/**
 * The common location family: GPS block, serving cell and status block as the type has them,
 * then what the type, the firmware variant or the model adds. Null for an empty message, and for
 * the multi-cell 0x19 of SPACE10X devices, which Traccar does not decode either.
 */
export function readLocation(reader: ByteReader, message: Message): DecodedPosition | null {
  const { type, variant, model } = message;
  const parts = partsOf(message);
  if (!parts || reader.remaining === 0 || (type === LBS_STATUS && variant === 'space10x')) return null;
  const position = newPosition(message.receivedAt);
  const { attributes } = position;
  attributes[KEY.type] = type;

  if (type === GPS_LBS_1 && model.name === 'QH302R') reader.skip(8); // IMEI
  // NT series: location source, IMEI, record time (the GPS block's time is the one kept, as in Traccar).
  if (isNtRecord(message)) reader.skip(1 + 8 + 6);
  if (parts.gps) readGps(reader, position, message.utcOffsetMinutes);
  if (parts.cell && reader.remaining > 0) readServingCell(reader, position, message, sizedCell(message, parts));
  if (parts.status) readStatusBlock(reader, position, message);
  if (hasLanguage(message)) reader.skip(1);

  readTypeSpecific(reader, position, message);
  readOptionalTrailer(reader, attributes);
  if (type === GPS_LBS_STATUS_3 || type === FENCE_MULTI) attributes.geofence = reader.u8();
  return position;
}

/** What follows the status block, by type, variant and model. */
function readTypeSpecific(reader: ByteReader, position: DecodedPosition, message: Message): void {
  const { type, variant } = message;
  const { attributes } = position;
  const nt = isNtRecord(message);

  if (type === GPS_LBS_STATUS_1 && variant === 'trx16i') {
    reader.skip(1); // language
    readTag(reader, position);
  }
  if (type === STATUS_2 || type === ALARM_MODULE) readStatusModules(reader, attributes);
  if (type === GPS_LBS_STATUS_5) {
    attributes[KEY.odometer] = reader.u32();
    attributes[KEY.hours] = reader.u32() * 1000;
    reader.skip(8); // terminal id
    attributes[KEY.input] = reader.u16();
  }
  if (type === GPS_LBS_1) readVariantTail(reader, attributes, message);
  if (type === GPS_LBS_2 && variant === 'seeworld') readSeeworldSensors(reader, attributes);
  if (type === GPS_LBS_STATUS_4 && variant === 'sl4x') position.altitude = reader.i16();
  // (NT series models never have these bytes, whatever the type.)
  if ((type === GPS_LBS_2 || type === GPS_LBS_3 || type === GPS_LBS_4 || type === GPS_LBS_5) && reader.remaining >= 3 && !message.model.nt) {
    attributes[KEY.ignition] = reader.u8() > 0;
    attributes[KEY.event] = reader.u8(); // upload reason
    attributes[KEY.archive] = reader.u8() > 0;
    if (variant === 'sl4x') {
      if (reader.remaining > 2) attributes[KEY.odometer] = reader.u32();
      position.altitude = reader.i16();
    }
  }
  if (type === GPS_LBS_3) readExtensionModule(reader, position);
  if (type === GPS_LBS_RFID) {
    attributes[KEY.driverUniqueId] = reader.hex(8);
    reader.skip(1); // validity
  }
  if (nt) {
    attributes[KEY.odometer] = reader.u24();
    attributes[KEY.hours] = reader.u24() * 60_000;
  }
  if (nt && type === GPS_LBS_DRIVER) {
    const length = reader.u8();
    if (length > 0) {
      reader.skip(1); // identifier type
      setText(attributes, KEY.driverUniqueId, reader.hex(length - 1));
    }
  }
}

/**
 * Fields some devices append, recognised like Traccar by how many bytes are left:
 * 3 (ACC, upload mode, re-upload flag), 4 (mileage) or 7 (both).
 */
function readOptionalTrailer(reader: ByteReader, attributes: Attributes): void {
  if (reader.remaining === 3 || reader.remaining === 7) {
    attributes[KEY.ignition] = reader.u8() > 0;
    reader.skip(1); // upload mode
    if (reader.u8() > 0) attributes[KEY.archive] = true;
  }
  if (reader.remaining === 4) attributes[KEY.odometer] = reader.u32();
}

/** Jimi 4G status modules (0x36, 0x39): 2-byte type, 1-byte length, value. */
function readStatusModules(reader: ByteReader, attributes: Attributes): void {
  while (reader.remaining > 0) {
    const type = reader.u16();
    const module = reader.module(reader.u8());
    if (type === 0x18) attributes[KEY.battery] = module.u16() / 100;
    else if (type === 0x32) attributes.startupStatus = module.u8();
    else if (type === 0x6a) attributes[KEY.batteryLevel] = module.u8();
  }
}

/** The one module of 0x37: power (0x27), odometer (0x2E) or accuracy (0x3B). */
function readExtensionModule(reader: ByteReader, position: DecodedPosition): void {
  const type = reader.u16();
  const module = reader.module(reader.u8());
  if (type === 0x27) position.attributes[KEY.power] = module.u16() / 100;
  else if (type === 0x2e) position.attributes[KEY.odometer] = module.u32();
  else if (type === 0x3b) position.accuracy = module.u16() / 100;
}

/** SEEWORLD's 0x22 sensors: ACC, reporting mode, re-upload, odometer, travel time, temperature (bit 15: below zero), humidity. */
function readSeeworldSensors(reader: ByteReader, attributes: Attributes): void {
  attributes[KEY.ignition] = reader.u8() > 0;
  reader.skip(2);
  attributes[KEY.odometer] = reader.u32();
  reader.skip(4); // travel time
  const temperature = reader.u16();
  attributes.temp1 = (temperature & 0x8000 ? -(temperature & 0x7fff) : temperature) / 100;
  attributes.humidity = reader.u16() / 100;
}

/** What the 0x12 variants add after the cell. */
function readVariantTail(reader: ByteReader, attributes: Attributes, message: Message): void {
  switch (message.variant) {
    case 'gt06eCard': {
      attributes[KEY.odometer] = reader.u32();
      const card = reader.ascii(reader.u8());
      reader.skip(2); // alarm, swiped
      setText(attributes, 'card', trimmed(card));
      break;
    }
    case 'benway':
      readBenwayInputs(reader.u16(), attributes);
      break;
    case 'vxt01':
      readTerminalInfo(reader, attributes, message.variant);
      attributes[KEY.power] = reader.u16() / 100;
      attributes[KEY.rssi] = reader.u8();
      reader.skip(1); // alarm extension
      break;
    case 's5': {
      readTerminalInfo(reader, attributes, message.variant);
      attributes[KEY.power] = reader.u16() / 100;
      attributes[KEY.rssi] = reader.u8();
      addAlarm(attributes, alarmOf(reader.u8(), message));
      attributes.oil = reader.u16();
      const temperature = reader.u8();
      attributes.temp1 = temperature & 0x80 ? -(temperature & 0x7f) : temperature;
      attributes[KEY.odometer] = reader.u32() * 10;
      break;
    }
    case 'wetrust':
      attributes[KEY.odometer] = reader.u32();
      setText(attributes, 'card', reader.ascii(reader.u8()));
      if (reader.u8() > 0) addAlarm(attributes, 'general');
      attributes.cardStatus = reader.u8();
      attributes.drivingTime = reader.u16();
      break;
  }
}

/**
 * Benway's input word: bit 15 ACC, bit 14 input 2; bit 12 says the low bits hold a temperature
 * (9 bits, bit 9 its sign) rather than an analog value (10 bits, in tenths unless bit 13).
 */
function readBenwayInputs(mask: number, attributes: Attributes): void {
  attributes[KEY.ignition] = (mask & 0x8000) !== 0;
  attributes.in2 = (mask & 0x4000) !== 0;
  if (mask & 0x1000) {
    const value = mask & 0x1ff;
    attributes.temp1 = mask & 0x200 ? -value : value;
  } else {
    const value = mask & 0x3ff;
    attributes.adc1 = mask & 0x2000 ? value : value / 10;
  }
}
