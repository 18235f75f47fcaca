import { KNOTS_PER_KMH } from '@rastro/api';
import { ByteReader } from '../kit/byte-reader.ts';
import { buildNetwork, type CellTower, type WifiAccessPoint } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';
import { KEY, PREFIX } from '../../position/keys.ts';
import { blankPosition, setEvent } from './position.ts';

/** Binary times count seconds from 2000-01-01. */
const EPOCH_2000 = Date.UTC(2000, 0, 1);

function timeOf(seconds: number): Date {
  return new Date(EPOCH_2000 + seconds * 1000);
}

/** CCC records: the AAA report's fields in 52 little-endian bytes. */
const CCC_RECORD_LENGTH = 52;
/** Protocol version, record length and remaining cache come before the records. */
const CCC_HEADER_LENGTH = 8;

/** The records of a CCC batch (data between `CCC,` and the checksum). */
export function decodeCccBatch(data: Buffer): DecodedPosition[] {
  const positions: DecodedPosition[] = [];
  const reader = new ByteReader(data.subarray(CCC_HEADER_LENGTH), 'meitrack CCC batch');
  while (reader.remaining >= CCC_RECORD_LENGTH) {
    const event = reader.u8();
    const latitude = reader.i32le() / 1e6;
    const longitude = reader.i32le() / 1e6;
    const position = blankPosition(timeOf(reader.u32le()));
    setEvent(position, event);
    position.latitude = latitude;
    position.longitude = longitude;
    position.valid = reader.u8() === 1;
    position.attributes[KEY.sat] = reader.u8();
    const rssi = reader.u8();
    position.speed = reader.u16le() * KNOTS_PER_KMH;
    position.course = reader.u16le();
    position.attributes[KEY.hdop] = reader.u16le() / 10;
    position.altitude = reader.u16le();
    position.attributes[KEY.odometer] = reader.u32le();
    position.attributes.runtime = reader.u32le();
    const tower = { mobileCountryCode: reader.u16le(), mobileNetworkCode: reader.u16le(), locationAreaCode: reader.u16le(), cellId: reader.u16le(), signalStrength: rssi };
    if (tower.mobileCountryCode !== 0 && tower.mobileNetworkCode !== 0) position.network = buildNetwork([tower], []);
    position.attributes[KEY.status] = reader.u16le();
    position.attributes[`${PREFIX.adc}1`] = reader.u16le();
    position.attributes[KEY.battery] = reader.u16le() / 100;
    position.attributes[KEY.power] = reader.u16le();
    reader.skip(4); // geofence
    positions.push(position);
  }
  return positions;
}

/**
 * The records of a CCE batch: remaining cache, record count, then each record's length and
 * index and four parameter lists (1-, 2- and 4-byte values, then values with their own length),
 * each a count of `<id><value>`; an id starting with 0xFE takes two bytes.
 */
export function decodeCceBatch(data: Buffer, receivedAt: Date): DecodedPosition[] {
  const reader = new ByteReader(data, 'meitrack CCE batch');
  reader.skip(4); // remaining cache
  const count = reader.u16le();
  const positions: DecodedPosition[] = [];
  for (let i = 0; i < count; i++) {
    const record = new ByteReader(reader.bytes(reader.u16le()), 'meitrack CCE record');
    positions.push(decodeCceRecord(record, receivedAt));
  }
  return positions;
}

/** Parameter id: one byte, or two when the first is 0xFE. */
function readId(reader: ByteReader): number {
  return reader.peek() === 0xfe ? reader.u16() : reader.u8();
}

function decodeCceRecord(reader: ByteReader, receivedAt: Date): DecodedPosition {
  reader.skip(2); // index
  const position = blankPosition(receivedAt);
  const cells: CellTower[] = [];
  const wifis: WifiAccessPoint[] = [];
  let event: number | undefined;

  for (let n = reader.u8(); n > 0; n--) {
    const id = readId(reader);
    const value = reader.u8();
    if (id === 0x01) event = value;
    else byteParameter(position, id, value);
  }
  for (let n = reader.u8(); n > 0; n--) {
    const id = readId(reader);
    const value = reader.bytes(2);
    if (id === 0x40) event = value.readUInt16LE();
    else shortParameter(position, id, value);
  }
  for (let n = reader.u8(); n > 0; n--) {
    const id = readId(reader);
    longParameter(position, id, reader.bytes(4));
  }
  for (let n = reader.u8(); n > 0; n--) {
    const id = readId(reader);
    const value = new ByteReader(reader.bytes(reader.u8()), 'meitrack CCE parameter');
    if (id === 0x0e || id === 0x0f || id === 0x10 || id === 0x12 || id === 0x13) cells.push(cellOf(value));
    else if (id >= 0x1d && id <= 0x25) wifis.push(wifiOf(value));
    else variableParameter(position, id, value);
  }
  if (event !== undefined) setEvent(position, event);
  position.network = buildNetwork(cells, wifis);
  return position;
}

function byteParameter(position: DecodedPosition, id: number, value: number): void {
  const attributes = position.attributes;
  switch (id) {
    case 0x05: position.valid = value > 0; break;
    case 0x06: attributes[KEY.sat] = value; break;
    case 0x07: attributes[KEY.rssi] = value; break;
    case 0x14: attributes[KEY.output] = value; break;
    case 0x15: attributes[KEY.input] = value; break;
    // 0 unknown, 1 unlocked, 2 locked.
    case 0x47: if (value > 0) attributes.lock = value === 2; break;
    case 0x97: attributes[KEY.throttle] = value; break;
    case 0x9d: attributes[KEY.fuel] = value; break;
    case 0xfe69: attributes[KEY.batteryLevel] = value; break;
  }
}

function shortParameter(position: DecodedPosition, id: number, bytes: Buffer): void {
  const attributes = position.attributes;
  const value = bytes.readUInt16LE();
  switch (id) {
    case 0x08: position.speed = value * KNOTS_PER_KMH; break;
    case 0x09: position.course = value; break;
    case 0x0a: attributes[KEY.hdop] = value; break;
    case 0x0b: position.altitude = bytes.readInt16LE(); break;
    case 0x16: attributes[`${PREFIX.adc}1`] = value / 100; break;
    case 0x17: attributes[`${PREFIX.adc}2`] = value / 100; break;
    case 0x19: attributes[KEY.battery] = value / 100; break;
    case 0x1a: attributes[KEY.power] = value / 100; break;
    case 0x29: attributes[KEY.fuel] = value / 100; break;
    case 0x91: case 0x92: attributes[KEY.obdSpeed] = value; break;
    case 0x98: attributes[KEY.fuelUsed] = value; break;
    case 0x99: attributes[KEY.rpm] = value; break;
    case 0x9c: attributes.coolantTemp = value; break;
    case 0x9f: attributes[`${PREFIX.temp}1`] = value; break;
    case 0xc9: attributes[KEY.fuelConsumption] = value; break;
  }
}

function longParameter(position: DecodedPosition, id: number, bytes: Buffer): void {
  const attributes = position.attributes;
  const value = bytes.readUInt32LE();
  switch (id) {
    case 0x02: position.latitude = bytes.readInt32LE() / 1e6; break;
    case 0x03: position.longitude = bytes.readInt32LE() / 1e6; break;
    case 0x04: position.fixTime = position.deviceTime = timeOf(value); break;
    case 0x0c: attributes[KEY.odometer] = value; break;
    case 0x0d: attributes.runtime = value; break;
    case 0x25: attributes[KEY.driverUniqueId] = String(value); break;
    case 0x9b: attributes[KEY.obdOdometer] = value; break;
    case 0xa0: attributes[KEY.fuelUsed] = value / 1000; break;
    case 0xa2: attributes[KEY.fuelConsumption] = value / 100; break;
    // Engine hours in minutes.
    case 0xfef4: attributes[KEY.hours] = value * 60_000; break;
  }
}

/** mcc, mnc, lac, cell id and signal. */
function cellOf(reader: ByteReader): CellTower {
  return { mobileCountryCode: reader.u16le(), mobileNetworkCode: reader.u16le(), locationAreaCode: reader.u16le(), cellId: reader.u32le(), signalStrength: reader.i16le() };
}

function wifiOf(reader: ByteReader): WifiAccessPoint {
  const macAddress = [...reader.bytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');
  return { macAddress, signalStrength: reader.i16le() };
}

function variableParameter(position: DecodedPosition, id: number, reader: ByteReader): void {
  const attributes = position.attributes;
  if (id >= 0x2a && id <= 0x31) {
    reader.skip(1); // sensor label
    attributes[`${PREFIX.temp}${id - 0x2a}`] = reader.i16le() / 100;
  } else if (id === 0xfe31) {
    // An ADAS/DMS alarm; protocol 2 names the picture the device took, in a folder per day.
    const alarmProtocol = reader.u8();
    attributes.alarmType = reader.u8();
    if (alarmProtocol === 0x02 && reader.remaining > 1) {
      const file = reader.ascii(reader.remaining);
      attributes.image = `${file.slice(0, 8).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3')}/${file}`;
    }
  } else if (id === 0xfe73) {
    // A Bluetooth temperature and humidity tag.
    reader.skip(1); // version
    attributes.tagName = reader.ascii(reader.u8());
    reader.skip(6); // MAC
    attributes.tagBattery = reader.u8();
    attributes.tagTemp = reader.i16le() / 256;
    attributes.tagHumidity = reader.i16le() / 256;
  } else if (id === 0xfea8) {
    // Up to three batteries: a presence flag and a level each.
    for (const key of [KEY.batteryLevel, 'battery2Level', 'battery3Level']) {
      const present = reader.u8() > 0;
      const level = reader.u8();
      if (present) attributes[key] = level;
    }
  }
}
