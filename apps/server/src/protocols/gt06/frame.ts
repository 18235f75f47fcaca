import { ProtocolError } from '../codec.ts';
import { crc16X25 } from './crc.ts';

/** `78 78` frames have a 1-byte length, `79 79` ("extended") frames a 2-byte one. */
const SHORT_HEADER = 0x78;
export const EXTENDED_HEADER = 0x79;
const CR_LF = Buffer.from('\r\n');

/**
 * Length of the first GT06 frame in `buffer`: header, length, body, CRC, `0D 0A`.
 * The length field counts from the protocol number to the CRC. Some devices fill it in wrongly
 * (zero, or off by a few bytes), so when the frame it announces does not end in CR LF the frame
 * ends at a CR LF instead, as in Traccar's frame decoder. But a CR LF is also two ordinary bytes
 * of a position, and a TCP read may end right after them: while the announced frame is still
 * incomplete, a CR LF ends a frame only when the CRC up to it matches or the next frame's header
 * follows it; otherwise more bytes are awaited. Only once more bytes than announced are there
 * (the length is certainly wrong) does the first CR LF end the frame unverified.
 */
export function gt06FrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  const header = buffer[0];
  if (header !== SHORT_HEADER && header !== EXTENDED_HEADER) {
    throw new ProtocolError(`gt06: a frame cannot start with 0x${header.toString(16)}`);
  }
  if (buffer.length > 1 && buffer[1] !== header) throw new ProtocolError('gt06: broken frame header');
  if (buffer.length < 5) return 0;
  const announced = header === SHORT_HEADER ? 2 + 1 + buffer[2] + 2 : 2 + 2 + buffer.readUInt16BE(2) + 2;
  if (buffer.length >= announced && buffer[announced - 2] === 0x0d && buffer[announced - 1] === 0x0a) return announced;
  let first = 0;
  for (let end = buffer.indexOf(CR_LF, 2); end >= 0; end = buffer.indexOf(CR_LF, end + 1)) {
    const length = end + 2;
    first ||= length;
    if (gt06ChecksumValid(buffer.subarray(0, length)) || startsFrame(buffer, length)) return length;
  }
  return buffer.length >= announced ? first : 0;
}

/** Where the next frame header (`78 78` or `79 79`) is at or after `from`, -1 when none is in `buffer`. */
export function gt06FrameStart(buffer: Buffer, from: number): number {
  for (let at = Math.max(0, from); at < buffer.length - 1; at++) if (startsFrame(buffer, at)) return at;
  return -1;
}

/** Whether a frame header (`78 78` or `79 79`) starts at `at`. */
function startsFrame(buffer: Buffer, at: number): boolean {
  return buffer.length >= at + 2 && (buffer[at] === SHORT_HEADER || buffer[at] === EXTENDED_HEADER) && buffer[at + 1] === buffer[at];
}

/** Header, length, protocol number, serial, CRC and CR LF: the least a frame with a CRC can hold. */
const MIN_CHECKED_LENGTH = 2 + 1 + 1 + 2 + 2 + 2;

/**
 * Whether the CRC-ITU before the CR LF covers the frame from its length field to its serial.
 * Traccar does not check it; some firmware leaves serial and CRC out (RASTRO_ACCEPT_BAD_CRC=gt06).
 */
export function gt06ChecksumValid(frame: Buffer): boolean {
  if (frame.length < MIN_CHECKED_LENGTH) return false;
  return crc16X25(frame.subarray(2, frame.length - 4)) === frame.readUInt16BE(frame.length - 4);
}

/**
 * A packet to the device: acknowledgements, answers and commands. The serial is the message's
 * (acknowledgements) or 0 (commands and answers). `extended` gives it the `79 79` header.
 */
export function encodePacket(type: number, body: Buffer, serial: number, extended = false): Buffer {
  const head = extended ? 4 : 3;
  const packet = Buffer.alloc(head + 1 + body.length + 2 + 2 + 2);
  packet[0] = packet[1] = extended ? EXTENDED_HEADER : SHORT_HEADER;
  const length = 1 + body.length + 2 + 2;
  if (extended) packet.writeUInt16BE(length, 2);
  else packet[2] = length;
  packet[head] = type;
  body.copy(packet, head + 1);
  const serialAt = head + 1 + body.length;
  packet.writeUInt16BE(serial, serialAt);
  packet.writeUInt16BE(crc16X25(packet.subarray(2, serialAt + 2)), serialAt + 2);
  CR_LF.copy(packet, serialAt + 4);
  return packet;
}
