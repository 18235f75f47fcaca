import { ProtocolError } from '../codec.ts';

/**
 * JT/T 808 framing. Binary messages sit between two 0x7e bytes, with 0x7e and 0x7d escaped
 * inside (0x7d 0x02, 0x7d 0x01); some clones use 0xe7 as delimiter with their own escapes. A few
 * devices also send plain text results between parentheses. Frames keep both delimiters; the
 * decoder unescapes them.
 */

export const DELIMITER = 0x7e;
/** The delimiter of the clones' variant, whose terminal id also takes 7 bytes instead of 6. */
export const ALTERNATIVE_DELIMITER = 0xe7;
const TEXT_START = 0x28; // (
const TEXT_END = 0x29; // )

/** Delimiters, type, attribute, 6-byte id, serial and checksum: the shortest message there is. */
const MIN_BINARY_LENGTH = 15;
/** Traccar's limit for this protocol; a body is at most 1023 bytes, escaped at most twice that. */
const MAX_FRAME_LENGTH = 32 * 1024;
const MAX_TEXT_LENGTH = 1024;

/** Escape byte and the two bytes it stands for (followed by 0x01, then 0x02), per delimiter. */
const ESCAPES = new Map<number, { byte: number; one: number; two: number }[]>([
  [DELIMITER, [{ byte: 0x7d, one: 0x7d, two: 0x7e }]],
  [ALTERNATIVE_DELIMITER, [{ byte: 0xe6, one: 0xe6, two: 0xe7 }, { byte: 0x3e, one: 0x3e, two: 0x3d }]],
]);

export function jt808FrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  const first = buffer[0];
  if (first === TEXT_START) return endOf(buffer, TEXT_END, MAX_TEXT_LENGTH);
  if (first !== DELIMITER && first !== ALTERNATIVE_DELIMITER) throw new ProtocolError('not a JT808 message');
  const length = endOf(buffer, first, MAX_FRAME_LENGTH);
  // Two delimiters this close are the end of a lost message and the start of the next one.
  if (length > 0 && length < MIN_BINARY_LENGTH) throw new ProtocolError('JT808 message too short');
  return length;
}

function endOf(buffer: Buffer, end: number, maxLength: number): number {
  const at = buffer.indexOf(end, 1);
  if (at >= 0) return at + 1;
  if (buffer.length > maxLength) throw new ProtocolError(`no JT808 message end in ${buffer.length} bytes`);
  return 0;
}

export function jt808FrameStart(buffer: Buffer, from: number): number {
  for (let at = from; at < buffer.length; at += 1) {
    const byte = buffer[at];
    if (byte === DELIMITER || byte === ALTERNATIVE_DELIMITER || byte === TEXT_START) return at;
  }
  return -1;
}

export function isTextFrame(frame: Buffer): boolean {
  return frame[0] === TEXT_START;
}

/** The message between the delimiters with its escapes resolved (an unknown escape pair stands for nothing, as in Traccar). */
function unescape(frame: Buffer): Buffer {
  const escapes = ESCAPES.get(frame[0]) ?? [];
  const out = Buffer.alloc(frame.length);
  let length = 0;
  for (let at = 1; at < frame.length - 1; at += 1) {
    const escape = escapes.find((e) => e.byte === frame[at]);
    if (!escape) {
      out[length++] = frame[at];
      continue;
    }
    at += 1;
    if (frame[at] === 0x01) out[length++] = escape.one;
    else if (frame[at] === 0x02) out[length++] = escape.two;
  }
  return out.subarray(0, length);
}

/** Delimits a message (type to checksum), escaping what would read as a delimiter or an escape. */
export function enclose(message: Buffer, delimiter: number): Buffer {
  const escapes = ESCAPES.get(delimiter) ?? [];
  const out: number[] = [delimiter];
  for (const byte of message) {
    const escape = escapes.find((e) => e.one === byte || e.two === byte);
    if (escape) out.push(escape.byte, escape.one === byte ? 0x01 : 0x02);
    else out.push(byte);
  }
  out.push(delimiter);
  return Buffer.from(out);
}

export function xor(bytes: Buffer): number {
  let sum = 0;
  for (const byte of bytes) sum ^= byte;
  return sum;
}

/** The last byte of a message is the XOR of the bytes before it. */
function checksumMatches(message: Buffer): boolean {
  return message.length >= 2 && xor(message.subarray(0, -1)) === message[message.length - 1];
}

/**
 * The message between the delimiters, type to checksum, unescaped. Some firmwares leave 0x7d
 * unescaped: when only the bytes as sent match their checksum, they are the message.
 */
export function messageOf(frame: Buffer): Buffer {
  const message = unescape(frame);
  if (checksumMatches(message)) return message;
  const sent = frame.subarray(1, -1);
  return checksumMatches(sent) ? sent : message;
}

/** Text results carry no checksum. */
export function jt808ChecksumValid(frame: Buffer): boolean {
  return isTextFrame(frame) || checksumMatches(messageOf(frame));
}
