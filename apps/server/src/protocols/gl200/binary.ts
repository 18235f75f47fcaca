import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { cellTower } from './location.ts';
import { addAlarm, kmhToKnots, newPosition, set, setFixTime, setNetwork, useLastFix, type DecodeContext, type Report } from './position.ts';

/**
 * The binary report format (`+RSP`, `+EVT`, `+INF` and their kin): a four-character header, the
 * message type, a field mask, the length, device type, protocol and firmware versions and the
 * IMEI as a 64-bit number, then type-specific fields. Power is in millivolts, speed in tenths of
 * km/h, coordinates in millionths of a degree. Buffered (`+BSP`, `+BVT`), heartbeat and
 * acknowledgement messages are not decoded.
 */

/** +RSP types with a layout of their own. */
const RSP_LCB = 3; // location by call: the calling number follows
const RSP_GEO = 8; // geofence: two more reserved bytes
const RSP_COMPRESSED = 100; // a run of delta-encoded fixes

/** +EVT types and the bytes they add before the fix. */
const EVENT_FIELDS = new Map<number, number>([
  [6, 2], // BPL: backup battery voltage
  [45, 7], // VGN: reserved, report type, ignition duration
  [46, 7], // VGF
  [15, 3], // UPD: update code, retry
  [17, 4], // IDF: idling duration
  [21, 5], // GSS: GPS signal status, reserved
  [26, 12], // GES: geofence id, enable, mode, radius, check interval
  [31, 2], // GPJ: jamming value and state
  [35, 1], // RMD: roaming state
  [33, 1], // JDS: jamming state
  [23, 1], // CRA: crash counter
  [34, 3], // UPC: command id and result
]);
const EVT_BPL = 6;
const EVT_VGN = 45;
const EVT_VGF = 46;
const EVT_JDS = 33;

/** +INF types with fields of their own. */
const INF_CSQ = 5;
const INF_VER = 6;
const INF_BAT = 7;
const INF_GIR = 10;

export function decodeBinaryReport(frame: Buffer, context: DecodeContext): Report | null {
  const reader = new ByteReader(frame, 'gl200 binary report');
  switch (reader.ascii(4)) {
    case '+RSP':
      return decodeLocations(reader, context);
    case '+EVT':
      return decodeEvent(reader, context);
    case '+INF':
      return decodeInformation(reader, context);
    default:
      return null;
  }
}

/** The IMEI field as a signed 64-bit number, zero-padded to 15 characters as Traccar prints it (device ids stay the same). */
function readImei(reader: ByteReader): string {
  const value = reader.i64();
  const digits = (value < 0n ? -value : value).toString();
  return value < 0n ? `-${digits.padStart(14, '0')}` : digits.padStart(15, '0');
}

/** Year (2 bytes), month, day, hours, minutes, seconds, UTC. */
function readTime(reader: ByteReader): Date {
  const year = reader.u16();
  const [month, day, hours, minutes, seconds] = [reader.u8(), reader.u8(), reader.u8(), reader.u8(), reader.u8()];
  return new Date(Date.UTC(year < 100 ? year + 2000 : year, month - 1, day, hours, minutes, seconds));
}

/** HDOP, speed, course, altitude, longitude, latitude, time and the serving cell, then a reserved byte. */
function readFix(reader: ByteReader, position: DecodedPosition): void {
  const hdop = reader.u8();
  position.valid = hdop > 0;
  set(position, 'hdop', hdop);
  position.speed = kmhToKnots(reader.u24() / 10);
  position.course = reader.u16();
  position.altitude = reader.i16();
  position.longitude = reader.i32() / 1e6;
  position.latitude = reader.i32() / 1e6;
  setFixTime(position, readTime(reader));
  readCell(reader, position);
  reader.skip(1);
}

function readCell(reader: ByteReader, position: DecodedPosition): void {
  const tower = cellTower(reader.u16(), reader.u16(), reader.u16(), reader.u16());
  setNetwork(position, tower ? [tower] : []);
}

function decodeLocations(reader: ByteReader, context: DecodeContext): Report {
  const type = reader.u8();
  reader.skip(4 + 2 + 1 + 2 + 2); // mask, length, device type, protocol version, firmware version
  const uniqueId = readImei(reader);
  const batteryLevel = reader.u8();
  const power = reader.u16() / 1000;
  if (type === RSP_GEO) reader.skip(2);
  reader.skip(1); // motion status
  const satellites = reader.u8();
  if (type !== RSP_COMPRESSED) reader.skip(1); // report index
  if (type === RSP_LCB) {
    reader.skip(1); // number length
    // BCD digits padded with F: the number ends with the byte holding an F.
    let byte: number;
    do byte = reader.u8();
    while ((byte & 0x0f) !== 0x0f && (byte & 0xf0) !== 0xf0);
  }
  if (type === RSP_COMPRESSED) return { uniqueId, positions: readCompressedFixes(reader, context) };

  const positions: DecodedPosition[] = [];
  for (let count = reader.u8(); count > 0; count -= 1) {
    const position = newPosition(context);
    set(position, 'batteryLevel', batteryLevel);
    set(position, 'power', power);
    set(position, 'sat', satellites);
    readFix(reader, position);
    positions.push(position);
  }
  return { uniqueId, positions };
}

/**
 * Compressed fixes: a full point (2-bit tag 01: speed and heading in 3 bytes, longitude,
 * latitude, and the Unix time for the first) or a delta from the previous one (tag 10, 5 bytes);
 * other tags mark a point to skip. Points are a second apart.
 */
function readCompressedFixes(reader: ByteReader, context: DecodeContext): DecodedPosition[] {
  const positions: DecodedPosition[] = [];
  let speed = 0;
  let heading = 0;
  let longitude = 0;
  let latitude = 0;
  let time = 0;
  for (let count = reader.u16(); count > 0; count -= 1) {
    if (time > 0) time += 1;
    const tag = reader.peek() >> 6;
    if (tag === 1) {
      const bits = new BitReader(reader.bytes(3));
      bits.skip(3); // tag and fix type
      speed = bits.unsigned(12);
      heading = bits.unsigned(9);
      longitude = reader.i32();
      latitude = reader.i32();
      if (time === 0) time = reader.u32();
    } else if (tag === 2) {
      const bits = new BitReader(reader.bytes(5));
      bits.skip(3);
      speed += bits.signed(7);
      heading += bits.signed(7);
      longitude += bits.signed(12);
      latitude += bits.signed(11);
    } else {
      reader.skip(1);
      continue;
    }
    const position = newPosition(context);
    position.valid = true;
    setFixTime(position, new Date(time * 1000));
    position.speed = kmhToKnots(speed / 10);
    position.course = heading;
    position.longitude = longitude / 1e6;
    position.latitude = latitude / 1e6;
    positions.push(position);
  }
  return positions;
}

/** Bits of a few bytes, most significant first. */
class BitReader {
  private offset = 0;

  constructor(private readonly bytes: Buffer) {}

  skip(bits: number): void {
    this.offset += bits;
  }

  unsigned(bits: number): number {
    let value = 0;
    for (let n = 0; n < bits; n += 1, this.offset += 1) {
      value = value * 2 + ((this.bytes[this.offset >> 3] >> (7 - (this.offset & 7))) & 1);
    }
    return value;
  }

  signed(bits: number): number {
    const value = this.unsigned(bits);
    return value >= 2 ** (bits - 1) ? value - 2 ** bits : value;
  }
}

function decodeEvent(reader: ByteReader, context: DecodeContext): Report {
  const type = reader.u8();
  reader.skip(4 + 2 + 1 + 2); // mask, length, device type, protocol version
  const position = newPosition(context);
  set(position, 'versionFw', String(reader.u16()));
  const uniqueId = readImei(reader);
  set(position, 'batteryLevel', reader.u8());
  set(position, 'power', reader.u16() / 1000);
  reader.skip(1); // motion status
  set(position, 'sat', reader.u8());
  reader.skip(EVENT_FIELDS.get(type) ?? 0);
  reader.skip(1); // fix count
  readFix(reader, position);

  if (type === EVT_VGN || type === EVT_VGF) set(position, 'ignition', type === EVT_VGN);
  else if (type === EVT_BPL) addAlarm(position, 'lowBattery');
  else if (type === EVT_JDS) addAlarm(position, 'jamming');
  return { uniqueId, positions: [position] };
}

function decodeInformation(reader: ByteReader, context: DecodeContext): Report {
  const type = reader.u8();
  reader.skip(4 + 2); // mask, length
  const uniqueId = readImei(reader);
  const position = newPosition(context);
  reader.skip(1 + 2); // device type, protocol version
  set(position, 'versionFw', String(reader.u16()));
  if (type === INF_VER) reader.skip(6); // hardware and MCU versions, reserved
  reader.skip(2); // motion status, reserved
  set(position, 'sat', reader.u8());
  // mode, last fix time, reserved, response report mask, ignition and ignition-off intervals, reserved
  reader.skip(1 + 7 + 2 + 2 + 2 + 2 + 4 + 1);
  if (type === INF_BAT) {
    set(position, 'charge', reader.u8() !== 0);
    set(position, 'power', reader.u16() / 1000);
    set(position, 'battery', reader.u16() / 1000);
    set(position, 'batteryLevel', reader.u8());
  }
  reader.skip(10); // ICCID
  if (type === INF_CSQ) {
    set(position, 'rssi', reader.u8());
    reader.skip(1); // bit error rate
  }
  reader.skip(3); // time zone
  if (type === INF_GIR) {
    reader.skip(2); // trigger, cell number
    readCell(reader, position);
    reader.skip(2); // timing advance, receive level
  }
  useLastFix(position, readTime(reader));
  return { uniqueId, positions: [position] };
}
