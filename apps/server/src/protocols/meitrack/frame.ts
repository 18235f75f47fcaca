import { ProtocolError } from '../codec.ts';

/**
 * Meitrack frames: `$$<flag><length>,<imei>,<command>,<data>*<checksum>\r\n`. The length counts
 * from the first comma to the end of the CR LF; the checksum is the byte sum, in two hex digits,
 * of everything before it (the `*` included). The data is text, or binary for the CCC/CCE
 * batches and D00 photo chunks, so only the length delimits a frame.
 */

const START = Buffer.from('$$', 'latin1');
const COMMA = 0x2c;
const STAR = 0x2a;
const CR_LF = Buffer.from('\r\n', 'latin1');
/** `$$`, the flag, and up to five length digits come before the first comma. */
const MAX_HEAD = 8;
/** `,<imei>,<command>*<checksum>\r\n` at the least. */
const MIN_DECLARED = 10;
/** Traccar's large frame limit: a photo chunk or a batch is about a kilobyte, far below. */
const MAX_FRAME_LENGTH = 32 * 1024;

export function meitrackFrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  if (!buffer.subarray(0, START.length).equals(START.subarray(0, Math.min(buffer.length, START.length)))) {
    throw new ProtocolError('meitrack: frame does not start with $$');
  }
  const comma = buffer.indexOf(COMMA, 3);
  if (comma < 0 || comma > MAX_HEAD) {
    if (buffer.length > MAX_HEAD) throw new ProtocolError('meitrack: no length before the first comma');
    return 0;
  }
  const digits = buffer.subarray(3, comma).toString('latin1');
  if (!/^\d+$/.test(digits)) throw new ProtocolError(`meitrack: bad length ${JSON.stringify(digits)}`);
  const length = comma + Number(digits);
  if (Number(digits) < MIN_DECLARED || length > MAX_FRAME_LENGTH) throw new ProtocolError(`meitrack: impossible length ${digits}`);
  if (buffer.length < length) return 0;
  // A length that does not end the frame (at its CR LF, or right after the checksum for a
  // device that leaves the CR LF out) is not this frame's: resynchronise at the next `$$`.
  if (!buffer.subarray(length - 2, length).equals(CR_LF) && buffer[length - 3] !== STAR) {
    throw new ProtocolError('meitrack: frame length does not end at the checksum or CR LF');
  }
  return length;
}

export function meitrackFrameStart(buffer: Buffer, from: number): number {
  return buffer.indexOf(START, from);
}

/** Over UDP a datagram is one message, whatever its length field says (as Traccar reads it). */
export function meitrackDatagramLength(buffer: Buffer): number {
  if (buffer.length > 0 && buffer[0] !== START[0]) throw new ProtocolError('meitrack: datagram does not start with $$');
  return buffer.length;
}

/** Where the `*` before the checksum is (-1 when the frame has none where it should). */
export function checksumAt(frame: Buffer): number {
  const end = frame.subarray(-2).equals(CR_LF) ? frame.length - 2 : frame.length;
  return end >= 3 && frame[end - 3] === STAR ? end - 3 : -1;
}

/** The byte sum of `bytes` as two upper-case hex digits. */
export function checksum(bytes: Buffer): string {
  let sum = 0;
  for (const byte of bytes) sum = (sum + byte) & 0xff;
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

export function meitrackChecksumValid(frame: Buffer): boolean {
  const star = checksumAt(frame);
  if (star < 0) return false;
  return frame.subarray(star + 1, star + 3).toString('latin1').toUpperCase() === checksum(frame.subarray(0, star + 1));
}

export interface Header {
  /** The data identifier, which a reply repeats. */
  flag: string;
  imei: string;
  command: string;
  /** Where the command's data starts (after its comma). */
  dataStart: number;
}

export function readHeader(frame: Buffer): Header {
  const first = frame.indexOf(COMMA);
  const second = first < 0 ? -1 : frame.indexOf(COMMA, first + 1);
  if (frame.length < 3 || !frame.subarray(0, 2).equals(START) || second < 0 || second - first > 21) {
    throw new ProtocolError('meitrack: no IMEI and command');
  }
  const imei = frame.subarray(first + 1, second).toString('latin1');
  if (!/^\d+$/.test(imei)) throw new ProtocolError(`meitrack: bad IMEI ${JSON.stringify(imei)}`);
  const command = frame.subarray(second + 1, second + 4).toString('latin1');
  return { flag: String.fromCharCode(frame[2]), imei, command, dataStart: second + 5 };
}

/**
 * A server message, `@@<flag><length>,<imei>,<content>*<checksum>\r\n`: the commands, and the
 * acknowledgements, which repeat the device's flag.
 */
export function serverMessage(flag: string, imei: string, content: string): Buffer {
  const length = `,${imei},${content}*XX\r\n`.length;
  const head = `@@${flag}${String(length).padStart(2, '0')},${imei},${content}*`;
  return Buffer.from(`${head}${checksum(Buffer.from(head, 'latin1'))}\r\n`, 'latin1');
}
