import { ProtocolError } from '../codec.ts';
import { crc16X25 } from '../kit/crc.ts';

/**
 * A Castel frame: header, total length (u16 little-endian, the whole frame), a protocol version
 * byte (`@@` frames only), the device id as 20 bytes of NUL-padded ASCII, the message type
 * (big-endian), the body, a CRC-16/X-25 of everything before it (little-endian) and CR LF.
 * SC and CC devices send `@@`, MPIP devices `$$`.
 */
const VERSIONED = Buffer.from('@@', 'latin1');
const PLAIN = Buffer.from('$$', 'latin1');
export const ID_LENGTH = 20;
const TRAILER = 4;
const CR_LF = Buffer.from('\r\n', 'latin1');
/** Traccar's limit for these frames; the longest messages (login with versions, OBD lists) stay far below. */
const MAX_FRAME_LENGTH = 1024;

export function isVersioned(frame: Buffer): boolean {
  return frame[0] === VERSIONED[0];
}

/** Header, length, id, type and trailer, plus the version byte of `@@` frames. */
function minimumLength(versioned: boolean): number {
  return 2 + 2 + (versioned ? 1 : 0) + ID_LENGTH + 2 + TRAILER;
}

export function castelFrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  const first = buffer[0];
  if ((first !== VERSIONED[0] && first !== PLAIN[0]) || (buffer.length > 1 && buffer[1] !== first)) {
    throw new ProtocolError('castel: a frame starts with @@ or $$');
  }
  if (buffer.length < 4) return 0;
  const length = buffer.readUInt16LE(2);
  if (length < minimumLength(first === VERSIONED[0]) || length > MAX_FRAME_LENGTH) throw new ProtocolError(`castel: frame length ${length} is impossible`);
  return buffer.length >= length ? length : 0;
}

export function castelFrameStart(buffer: Buffer, from: number): number {
  const starts = [buffer.indexOf(VERSIONED, from), buffer.indexOf(PLAIN, from)].filter((at) => at >= 0);
  return starts.length > 0 ? Math.min(...starts) : -1;
}

export function castelChecksumValid(frame: Buffer): boolean {
  if (frame.length < TRAILER + 2) return false;
  const end = frame.length - TRAILER;
  return crc16X25(frame.subarray(0, end)) === frame.readUInt16LE(end);
}

/** The parts of a frame its decoder works with; `body` excludes checksum and CR LF. */
export interface CastelFrame {
  /** Null for MPIP (`$$`) frames, which have no version byte. */
  version: number | null;
  /** The id field as sent, echoed in replies. */
  id: Buffer;
  type: number;
  body: Buffer;
}

export function splitFrame(frame: Buffer): CastelFrame | null {
  const versioned = isVersioned(frame);
  if (frame.length < minimumLength(versioned)) return null;
  const idAt = versioned ? 5 : 4;
  const typeAt = idAt + ID_LENGTH;
  return {
    version: versioned ? frame[4] : null,
    id: frame.subarray(idAt, typeAt),
    type: frame.readUInt16BE(typeAt),
    body: frame.subarray(typeAt + 2, frame.length - TRAILER),
  };
}

/**
 * An `@@` frame to the device (replies and commands always use this header). `version` null
 * leaves the version byte out, as the MPIP login answer does.
 */
export function encodeFrame(version: number | null, id: Buffer, type: number, content: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(version === null ? 4 : 5);
  VERSIONED.copy(head);
  if (version !== null) head[4] = version;
  const typeField = Buffer.alloc(2);
  typeField.writeUInt16BE(type);
  const length = head.length + id.length + 2 + content.length + TRAILER;
  head.writeUInt16LE(length, 2);
  const unchecked = Buffer.concat([head, id, typeField, content]);
  const checksum = Buffer.alloc(2);
  checksum.writeUInt16LE(crc16X25(unchecked));
  return Buffer.concat([unchecked, checksum, CR_LF]);
}

/** The id as Traccar reads it: ASCII with the NUL padding and any control bytes or spaces around it trimmed. */
export function uniqueIdOf(id: Buffer): string {
  let start = 0;
  let end = id.length;
  while (start < end && id[start] <= 0x20) start++;
  while (end > start && id[end - 1] <= 0x20) end--;
  return id.toString('latin1', start, end);
}
