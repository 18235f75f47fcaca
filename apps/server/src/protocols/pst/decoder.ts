import { ProtocolError, type DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { decodedPosition } from '../../position/create.ts';
import { KEY } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';
import { withCrc } from './frame.ts';

export const PST_PROTOCOL = 'pst';

/** Message types: the server's acknowledgement, the device's status report, a server command. */
const MSG_ACK = 0x00;
const MSG_STATUS = 0x05;
export const MSG_COMMAND = 0x06;

/** Status report fields, each a tag and a length. */
const TAG_BATTERY = 0x0d;
const TAG_GPS = 0x10;

export interface PstMessage extends DecodeResult {
  /** The acknowledgement, bare (the codec frames it for TCP). */
  ack: Buffer;
}

/**
 * `<device id u32> <version> <index u32> <type> <body> <CRC>`. The id is the device's serial
 * number, its identifier. Every message is acknowledged with its id, version, index and type.
 * Only status reports carrying a GPS field give a position.
 */
export function decodePst(message: Buffer): PstMessage {
  const reader = new ByteReader(message.subarray(0, -2), 'pst message');
  const id = reader.u32();
  const version = reader.u8();
  const index = reader.u32();
  const type = reader.u8();
  const result: PstMessage = { uniqueId: String(id), ack: acknowledgement(message.subarray(0, 4), version, index, type) };
  if (type === MSG_STATUS) {
    const position = decodeStatus(reader);
    if (position) result.positions = [position];
  }
  return result;
}

/** `<id> <version> <index> 00 <type acknowledged> <CRC>`. */
function acknowledgement(id: Buffer, version: number, index: number, type: number): Buffer {
  const body = Buffer.alloc(11);
  id.copy(body, 0);
  body.writeUInt8(version, 4);
  body.writeUInt32BE(index, 5);
  body.writeUInt8(MSG_ACK, 9);
  body.writeUInt8(type, 10);
  return withCrc(body);
}

function decodeStatus(reader: ByteReader): DecodedPosition | null {
  const deviceTime = readDate(reader);
  const status = reader.u8();
  const attributes: DecodedPosition['attributes'] = {
    [KEY.blocked]: (status & 0x10) !== 0,
    [KEY.ignition]: (status & 0x80) !== 0,
    [KEY.status]: status,
  };
  let position: DecodedPosition | null = null;
  const count = reader.u8();
  for (let i = 0; i < count; i++) {
    const tag = reader.u8();
    const field = new ByteReader(reader.bytes(reader.u8()), `pst field ${tag}`);
    if (tag === TAG_BATTERY) {
      // Steps of 5%; above 20 the value is not a level.
      const battery = field.u8();
      if (battery <= 20) attributes[KEY.batteryLevel] = battery * 5;
    } else if (tag === TAG_GPS) {
      position = decodedPosition(PST_PROTOCOL, readDate(field), { valid: true, outdated: false });
      position.latitude = readCoordinate(field, 90);
      position.longitude = readCoordinate(field, 180);
      position.speed = field.u8(); // the byte as it comes, as Traccar stores it (knots)
      position.course = field.u8() * 2;
      position.altitude = field.i16();
    }
  }
  if (!position) return null;
  position.deviceTime = deviceTime;
  position.attributes = attributes;
  return position;
}

/** Packed UTC: year since 2000 (6 bits), month (4), day (5), hour (5), minute (6), second (6). */
function readDate(reader: ByteReader): Date {
  const value = reader.u32();
  return new Date(Date.UTC(2000 + (value >>> 26), ((value >>> 22) & 0x0f) - 1, (value >>> 17) & 0x1f, (value >>> 12) & 0x1f, (value >>> 6) & 0x3f, value & 0x3f));
}

/**
 * Sign in the top bit, then whole minutes (15 bits) and ten-thousandths of a minute (16 bits).
 * Beyond ±limit degrees the report is corrupt (Traccar drops it too).
 */
function readCoordinate(reader: ByteReader, limit: number): number {
  const value = reader.u32();
  const degrees = (((value >>> 16) & 0x7fff) + (value & 0xffff) / 10000) / 60;
  if (degrees > limit) throw new ProtocolError(`pst: coordinate ${degrees} out of range`);
  return (value & 0x80000000) !== 0 ? -degrees : degrees;
}
