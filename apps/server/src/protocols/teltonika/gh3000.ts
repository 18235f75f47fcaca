import { KNOTS_PER_KMH } from '@rastro/api';
import type { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { coordinate, decodeIoElements } from './gps-record.ts';
import { unsigned } from './io-elements.ts';
import { CODEC_GH3000 } from './io-groups.ts';
import type { RecordOptions } from './models.ts';
import { addAlarm, blankPosition, outdatedPosition } from './position.ts';
import { KEY, PREFIX } from '../../position/keys.ts';

/** GH3000 times count seconds from 2007-01-01 in 30 bits. */
const GH3000_EPOCH = Date.UTC(2007, 0, 1) / 1000;

const bit = (mask: number, n: number) => (mask & (1 << n)) !== 0;

/**
 * A record of codec 7 (GH3000 personal trackers): a 30-bit time, a global mask saying which
 * parts follow, and a location mask for the optional location fields. A record without its
 * location part is timed but outdated (the last fix is copied); one with neither location nor IO
 * values gives nothing.
 */
export function decodeGh3000Record(reader: ByteReader, options: RecordOptions): DecodedPosition | null {
  const time = new Date(((reader.u32() & 0x3fffffff) + GH3000_EPOCH) * 1000);
  const globalMask = reader.u8();
  let position: DecodedPosition;
  if (bit(globalMask, 0)) {
    position = blankPosition(time);
    position.valid = true;
    decodeLocation(reader, position);
  } else {
    position = outdatedPosition(time);
  }
  decodeIoElements(reader, position, CODEC_GH3000, globalMask, options, decodeGh3000Element);
  return position.outdated && Object.keys(position.attributes).length === 0 ? null : position;
}

function decodeLocation(reader: ByteReader, position: DecodedPosition): void {
  const mask = reader.u8();
  if (bit(mask, 0)) {
    position.latitude = coordinate(reader.bytes(4).readFloatBE(0), 90, 'latitude');
    position.longitude = coordinate(reader.bytes(4).readFloatBE(0), 180, 'longitude');
  }
  if (bit(mask, 1)) position.altitude = reader.u16();
  if (bit(mask, 2)) position.course = (reader.u8() * 360) / 256;
  if (bit(mask, 3)) position.speed = reader.u8() * KNOTS_PER_KMH;
  if (bit(mask, 4)) position.attributes[KEY.sat] = reader.u8();
  if (bit(mask, 5)) {
    // The serving cell; MCC and MNC only when the operator code follows.
    const locationAreaCode = reader.u16();
    const cellId = reader.u16();
    const signal = bit(mask, 6) ? reader.u8() : undefined;
    const operator = bit(mask, 7) ? String(reader.u32()) : '';
    const tower = {
      mobileCountryCode: operator.length > 3 ? Number(operator.slice(0, 3)) : 0,
      mobileNetworkCode: operator.length > 3 ? Number(operator.slice(3)) : 0,
      locationAreaCode,
      cellId,
      ...(signal !== undefined && { signalStrength: signal > 0 ? -signal : 0 }),
    };
    position.network = { radioType: 'gsm', considerIp: false, cellTowers: [tower] };
  } else {
    if (bit(mask, 6)) position.attributes[KEY.rssi] = reader.u8();
    if (bit(mask, 7)) position.attributes[KEY.operator] = reader.u32();
  }
}

/** GH3000's own IO table. */
function decodeGh3000Element(id: number, bytes: Buffer, position: DecodedPosition): void {
  const value = unsigned(bytes);
  const { attributes } = position;
  switch (id) {
    case 1: attributes[KEY.batteryLevel] = value; break;
    case 2: attributes.usbConnected = value === 1; break;
    case 5: attributes.uptime = value; break;
    case 20: attributes[KEY.hdop] = value / 10; break;
    case 21: attributes.vdop = value / 10; break;
    case 22: attributes[KEY.pdop] = value / 10; break;
    case 67: attributes[KEY.battery] = value / 1000; break;
    case 221: attributes.button = value; break;
    case 222: if (value === 1) addAlarm(position, 'sos'); break;
    case 240: attributes[KEY.motion] = value === 1; break;
    case 244: attributes.roaming = value === 1; break;
    default: attributes[`${PREFIX.io}${id}`] = value;
  }
}
