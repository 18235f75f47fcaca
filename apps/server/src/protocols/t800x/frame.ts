import { ProtocolError } from '../codec.ts';
import type { ByteReader } from '../kit/byte-reader.ts';

/**
 * Every message opens with a doubled marker naming the firmware family (0x2323 the first T880x,
 * 0x2525 vehicle trackers, 0x2626 OBD trackers, 0x2727 personal and asset trackers, 0x2828),
 * then the type, the whole message's length, a serial number and the IMEI in BCD.
 */
const MARKERS = new Set([0x23, 0x25, 0x26, 0x27, 0x28]);

/** Marker 2, type 1, length 2, serial 2, IMEI 8. */
const HEAD_LENGTH = 15;
/** Traccar's frame limit for this protocol: anything longer is garbage. */
const MAX_LENGTH = 1024;

/** The first family whose messages are acknowledged with serial 1 whatever they carried. */
export const FIRST_HEADER = 0x2323;
export const OBD_HEADER = 0x2626;
export const PERSONAL_HEADER = 0x2727;

export interface Head {
  header: number;
  type: number;
  serial: number;
  /** The 8 IMEI bytes as sent, echoed in acknowledgements. */
  imei: Buffer;
  /** The IMEI's 15 digits (the BCD has a leading 0 nibble). */
  uniqueId: string;
}

export function t800xFrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  if (!MARKERS.has(buffer[0]) || (buffer.length > 1 && buffer[1] !== buffer[0])) {
    throw new ProtocolError('not a Topflytech message');
  }
  if (buffer.length < 5) return 0;
  const length = buffer.readUInt16BE(3);
  if (length < HEAD_LENGTH || length > MAX_LENGTH) throw new ProtocolError(`Topflytech message length ${length} is impossible`);
  return buffer.length >= length ? length : 0;
}

export function t800xFrameStart(buffer: Buffer, from: number): number {
  for (let at = from; at < buffer.length; at++) {
    // A marker in the last byte may be the first half of one still arriving.
    if (MARKERS.has(buffer[at]) && (at + 1 === buffer.length || buffer[at + 1] === buffer[at])) return at;
  }
  return -1;
}

export function readHead(reader: ByteReader): Head {
  const header = reader.u16();
  const type = reader.u8();
  reader.skip(2); // length, already used by the framing
  const serial = reader.u16();
  const imei = reader.bytes(8);
  return { header, type, serial, imei, uniqueId: imei.toString('hex').slice(1) };
}

/**
 * What the device waits for: its own head back with the length of the acknowledgement itself,
 * plus the alarm code when it acknowledges an alarm.
 */
export function acknowledgement(head: Head, alarm = 0): Buffer {
  const ack = Buffer.alloc(alarm > 0 ? HEAD_LENGTH + 1 : HEAD_LENGTH);
  ack.writeUInt16BE(head.header, 0);
  ack.writeUInt8(head.type, 2);
  ack.writeUInt16BE(ack.length, 3);
  ack.writeUInt16BE(head.header === FIRST_HEADER ? 1 : head.serial, 5);
  head.imei.copy(ack, 7);
  if (alarm > 0) ack.writeUInt8(alarm, HEAD_LENGTH);
  return ack;
}
