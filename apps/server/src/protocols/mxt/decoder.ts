import { KNOTS_PER_KMH } from '@rastro/api';
import { ProtocolError, type DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm, KEY, PREFIX } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';
import { crc16Xmodem } from '../kit/crc.ts';
import { escapeFrame, unescapeFrame } from './frame.ts';

export const MXT_PROTOCOL = 'mxt';

const ACK = 0x02;
const POSITION = 0x31;
/** Times count from 2000-01-01 UTC. */
const EPOCH_2000 = Date.UTC(2000, 0, 1);

/**
 * `<device descriptor> <type> <serial number, u32 LE> <body> <CRC>`. The serial number is the
 * device's identifier. Position messages (0x31) are acknowledged; the device stops sending and
 * reconnects when it gets no acknowledgement. Other messages are not decoded.
 */
export function decodeMxt(frame: Buffer): DecodeResult {
  const message = unescapeFrame(frame);
  if (message.length < 8) throw new ProtocolError('mxt: message too short');
  const reader = new ByteReader(message.subarray(0, -2), 'mxt message');
  const device = reader.u8();
  const type = reader.u8();
  const serial = reader.u32le();
  const uniqueId = String(serial);
  if (type !== POSITION) return { uniqueId };
  const position = decodePosition(reader);
  return { uniqueId, positions: [position], reply: acknowledgement(device, message.subarray(2, 6), message.subarray(-2)) };
}

/** `<device descriptor> 02 <serial number> <CRC of the message acknowledged> <CRC>`, framed. */
function acknowledgement(device: number, serial: Buffer, crc: Buffer): Buffer {
  const ack = Buffer.concat([Buffer.from([device, ACK]), serial, crc, Buffer.alloc(2)]);
  ack.writeUInt16LE(crc16Xmodem(ack.subarray(0, -2)), ack.length - 2);
  return escapeFrame(ack);
}

/** Bits of the information-groups byte: which optional blocks follow the fix. */
const GROUP = { waypoints: 0, accessory: 1, gps: 2, odometer: 3, hourmeter: 4, reason: 5, power: 6, driver: 7 } as const;

function has(groups: number, bit: number): boolean {
  return ((groups >> bit) & 1) === 1;
}

function decodePosition(reader: ByteReader): DecodedPosition {
  reader.skip(1); // protocol version
  const groups = reader.u8();
  const index = reader.u16le();
  // Days since 2000 in the top 15 bits, then hours (5), minutes (6), seconds (6).
  const time = reader.u32le();
  const seconds = (((time >>> 17) * 24 + ((time >>> 12) & 0x1f)) * 60 + ((time >>> 6) & 0x3f)) * 60 + (time & 0x3f);
  const position = decodedPosition(MXT_PROTOCOL, new Date(EPOCH_2000 + seconds * 1000), { valid: true, outdated: false });
  const attributes = position.attributes;
  attributes[KEY.index] = index;
  position.latitude = reader.i32le() / 1e6;
  position.longitude = reader.i32le() / 1e6;

  const flags = reader.u32le();
  attributes[KEY.ignition] = has(flags, 0);
  if (has(flags, 1)) addAlarm(attributes, 'general');
  attributes[KEY.input] = (flags >>> 2) & 0x1f;
  attributes[KEY.output] = (flags >>> 7) & 0x07;
  // The heading comes in eighths of a circle.
  position.course = ((flags >>> 10) & 0x07) * 45;
  attributes[KEY.charge] = has(flags, 20);
  position.speed = reader.u8() * KNOTS_PER_KMH;
  reader.skip(1); // input mask

  if (has(groups, GROUP.waypoints)) reader.skip(8);
  if (has(groups, GROUP.accessory)) reader.skip(8);
  if (has(groups, GROUP.gps)) {
    attributes[KEY.sat] = reader.u8();
    attributes[KEY.hdop] = reader.u8();
    position.accuracy = reader.u8();
    attributes[KEY.rssi] = reader.u8();
    reader.skip(2); // time since boot
    attributes[KEY.power] = reader.u8();
    attributes[`${PREFIX.temp}1`] = reader.i8();
  }
  if (has(groups, GROUP.odometer)) attributes[KEY.odometer] = reader.u32le();
  if (has(groups, GROUP.hourmeter)) attributes[KEY.hours] = reader.u32le() * 60_000;
  if (has(groups, GROUP.reason)) reader.skip(4);
  if (has(groups, GROUP.power)) {
    attributes[KEY.power] = reader.u16le() / 1000;
    attributes[KEY.battery] = reader.u16le();
  }
  if (has(groups, GROUP.driver)) attributes[KEY.driverUniqueId] = String(reader.u32le());
  return position;
}
