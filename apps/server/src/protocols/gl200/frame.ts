import { ProtocolError } from '../codec.ts';

/** Every message, text or binary, starts with a plus sign. */
const START = 0x2b;
/** Enough bytes to tell text from binary and to read any binary length field. */
const MINIMUM_LENGTH = 11;
/**
 * A text report this long is garbage (CAN reports, the longest, stay under 1 KiB); the bound also
 * keeps the report patterns' backtracking short.
 */
export const MAX_TEXT_LENGTH = 4096;
const TEXT_ENDS = [0x24, 0x00]; // '$', or NUL on some firmware

/** Headers of the binary messages; `+ACK` is binary unless a colon follows (`+ACK:GT…` is text). */
const BINARY_HEADERS = new Set(['+RSP', '+BSP', '+EVT', '+BVT', '+INF', '+BNF', '+HBD', '+CRD', '+BRD', '+LGN']);

/** Binary records format: a zero byte after the plus sign. */
export function isRecordFormat(buffer: Buffer): boolean {
  return buffer.length > 1 && buffer[1] === 0;
}

export function isBinary(buffer: Buffer): boolean {
  if (isRecordFormat(buffer)) return true;
  const header = buffer.toString('latin1', 0, 4);
  if (header === '+ACK') return buffer.length > 4 && buffer[4] !== 0x3a;
  return BINARY_HEADERS.has(header);
}

/** A binary message's total length, from the field its header places it in. */
function binaryLength(buffer: Buffer): number {
  if (isRecordFormat(buffer)) return buffer.readUInt16BE(2);
  switch (buffer.toString('latin1', 0, 4)) {
    case '+ACK':
      return buffer[6];
    case '+HBD':
      return buffer[5];
    case '+INF':
    case '+BNF':
      return buffer.readUInt16BE(7);
    case '+CRD':
    case '+BRD':
    case '+LGN':
      return buffer.readUInt16BE(6);
    default:
      return buffer.readUInt16BE(9);
  }
}

/**
 * Over TCP: text reports end with `$` (the frame includes it), binary messages carry their length.
 * Anything not starting with `+` is junk.
 */
export function gl200FrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  if (buffer[0] !== START) throw new ProtocolError(`gl200: a message cannot start with 0x${buffer[0].toString(16)}`);
  if (buffer.length < MINIMUM_LENGTH) return 0;
  if (isBinary(buffer)) {
    const length = binaryLength(buffer);
    if (length < MINIMUM_LENGTH) throw new ProtocolError(`gl200: binary message length ${length} is impossible`);
    return buffer.length >= length ? length : 0;
  }
  const ends = TEXT_ENDS.map((end) => buffer.indexOf(end)).filter((at) => at >= 0);
  if (ends.length === 0) {
    if (buffer.length > MAX_TEXT_LENGTH) throw new ProtocolError(`gl200: no report end in ${buffer.length} bytes`);
    return 0;
  }
  return Math.min(...ends) + 1;
}

/** Over UDP every datagram is one message, as Traccar reads it (text reports need not end with `$`). */
export function gl200DatagramLength(datagram: Buffer): number {
  if (datagram.length > 0 && datagram[0] !== START) throw new ProtocolError(`gl200: a message cannot start with 0x${datagram[0].toString(16)}`);
  return datagram.length;
}

export function gl200FrameStart(buffer: Buffer, from: number): number {
  return buffer.indexOf(START, from);
}
