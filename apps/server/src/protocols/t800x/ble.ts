import type { Attributes } from '@rastro/api';
import { addAlarm, KEY } from '../../position/keys.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { bcd, outdatedPosition, readTime } from './fields.ts';

type TagReader = (reader: ByteReader, tag: string, attributes: Attributes) => void;

/**
 * The Bluetooth accessories a tracker heard (type 0x10): the time and ignition, then one record
 * per accessory, its layout named by a 2-byte kind. Attributes are numbered `tag1…` in order.
 */
export function decodeBle(reader: ByteReader): DecodedPosition {
  const position = outdatedPosition(readTime(reader));
  const attributes = position.attributes;
  attributes[KEY.ignition] = reader.u8() > 0;
  for (let index = 1; reader.remaining >= 2; index++) {
    const read = TAGS.get(reader.u16());
    // An unknown kind has an unknown length: nothing after it can be found.
    if (!read) break;
    read(reader, `tag${index}`, attributes);
  }
  return position;
}

const TAGS = new Map<number, TagReader>([
  [0x01, tirePressure],
  [0x02, sosButton],
  [0x03, driverCard],
  [0x04, climateSensor],
  [0x05, doorSensor],
  [0x06, relay],
]);

function tirePressure(reader: ByteReader, tag: string, attributes: Attributes): void {
  attributes[`${tag}Id`] = reader.bytes(6).toString('hex');
  attributes[`${tag}Battery`] = reader.u8() / 100 + 1.22;
  attributes[`${tag}TirePressure`] = reader.u8() * 1.527 * 2;
  attributes[`${tag}TireTemp`] = reader.u8() - 55;
  attributes[`${tag}TireStatus`] = reader.u8();
}

function sosButton(reader: ByteReader, tag: string, attributes: Attributes): void {
  attributes[`${tag}Id`] = reader.bytes(6).toString('hex');
  attributes[`${tag}Battery`] = bcd(reader, 1) / 10;
  const state = reader.u8();
  if (state === 0) addAlarm(attributes, 'sos');
  else if (state === 1) addAlarm(attributes, 'lowBattery');
  reader.skip(17); // status, location
}

function driverCard(reader: ByteReader, tag: string, attributes: Attributes): void {
  attributes[KEY.driverUniqueId] = reader.bytes(6).toString('hex');
  attributes[`${tag}Battery`] = bcd(reader, 1) / 10;
  if (reader.u8() === 1) addAlarm(attributes, 'lowBattery');
  reader.skip(17); // status, location
}

function climateSensor(reader: ByteReader, tag: string, attributes: Attributes): void {
  sensorHead(reader, tag, attributes);
  attributes[`${tag}Temp`] = temperature(reader);
  attributes[`${tag}Humidity`] = reader.u16() / 100;
  attributes[`${tag}LightSensor`] = reader.u16();
  attributes[`${tag}Rssi`] = reader.u8() - 128;
}

function doorSensor(reader: ByteReader, tag: string, attributes: Attributes): void {
  sensorHead(reader, tag, attributes);
  attributes[`${tag}Temp`] = temperature(reader);
  attributes[`${tag}Door`] = reader.u8() > 0;
  attributes[`${tag}Rssi`] = reader.u8() - 128;
}

function relay(reader: ByteReader, tag: string, attributes: Attributes): void {
  attributes[`${tag}Id`] = reader.bytes(6).toString('hex');
  attributes[`${tag}Battery`] = reader.u8() / 100 + 2;
  attributes[`${tag}Output`] = reader.u8() > 0;
  attributes[`${tag}Rssi`] = reader.u8() - 128;
}

/** Id, battery voltage above 2 V in hundredths, battery percent (not kept). */
function sensorHead(reader: ByteReader, tag: string, attributes: Attributes): void {
  attributes[`${tag}Id`] = reader.bytes(6).toString('hex');
  attributes[`${tag}Battery`] = reader.u8() / 100 + 2;
  reader.skip(1);
}

/** Hundredths of a degree, sign and magnitude. */
function temperature(reader: ByteReader): number {
  const value = reader.u16();
  return ((value & 0x8000 ? -1 : 1) * (value & 0x7fff)) / 100;
}
