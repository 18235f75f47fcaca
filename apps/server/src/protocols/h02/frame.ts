import { ProtocolError } from '../codec.ts';

const TEXT = 0x2a; // '*': `*HQ,...#`
const BINARY = 0x24; // '$': binary report
const OTHER_BINARY = 0x58; // 'X': a 32-byte report Traccar frames but does not decode
const CR = 0x0d;
const LF = 0x0a;
const COMMA = 0x2c;

/** Bytes of the device id after the `$` that every binary report of a connection repeats. */
const ID_LENGTH = 5;
/**
 * Binary reports carry no length. The common sizes are 32 bytes (10-digit id), 42 (15-digit
 * IMEI) and 45 (10-digit id and extra data), and some firmwares send others (46, 48...). A
 * report ends where the next frame of the device starts: `$` and the same id, or a text frame.
 * The last report of the data ends with it when it is of a common size; one of another size waits
 * for the frame after it.
 */
const COMMON_LENGTHS = new Set([32, 42, 45]);
const SHORTEST_BINARY = 32;
const LONGEST_BINARY = 64;
/** A text message this long without its `#` is garbage, not a slow device. */
const LONGEST_TEXT = 8192;

const isBcd = (byte: number) => (byte & 0x0f) <= 9 && byte >> 4 <= 9;
const isLetter = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);

/** Offset of the first byte that is not a line break: devices end text messages with CR LF after the `#`. */
export function skipLineBreaks(buffer: Buffer): number {
  let start = 0;
  while (start < buffer.length && (buffer[start] === CR || buffer[start] === LF)) start++;
  return start;
}

type Verdict = 'yes' | 'maybe' | 'no';

/**
 * Whether the next frame of the device that sent the binary report at `start` begins at `at`: a
 * binary report with the same id, or `*XX,`. `maybe` when the bytes there agree as far as they go.
 */
function nextFrameAt(buffer: Buffer, start: number, at: number): Verdict {
  const expected = buffer[at] === BINARY ? buffer.subarray(start, start + 1 + ID_LENGTH) : null;
  const available = buffer.length - at;
  if (expected) {
    const seen = Math.min(available, expected.length);
    if (!buffer.subarray(at, at + seen).equals(expected.subarray(0, seen))) return 'no';
    return seen === expected.length ? 'yes' : seen > 1 ? 'maybe' : 'no';
  }
  if (buffer[at] !== TEXT) return 'no';
  const checks = [isLetter, isLetter, (byte: number) => byte === COMMA];
  for (let n = 0; n < checks.length; n++) {
    if (n + 1 >= available) return n > 0 ? 'maybe' : 'no';
    if (!checks[n](buffer[at + 1 + n])) return 'no';
  }
  return 'yes';
}

function binaryLength(buffer: Buffer, start: number): number {
  const available = buffer.length - start;
  for (let n = 1; n <= ID_LENGTH && n < available; n++) {
    if (!isBcd(buffer[start + n])) throw new ProtocolError('h02: binary report without a BCD id');
  }
  let waiting = false;
  for (let length = SHORTEST_BINARY; length < Math.min(available, LONGEST_BINARY + 1); length++) {
    const verdict = nextFrameAt(buffer, start, start + length);
    if (verdict === 'yes') return start + length;
    if (verdict === 'maybe') waiting = true;
  }
  if (waiting) return 0;
  if (COMMON_LENGTHS.has(available)) return start + available;
  if (available <= LONGEST_BINARY) return 0;
  throw new ProtocolError('h02: binary report of unknown length');
}

/** Length of the first frame of a TCP stream, the line breaks before it included (decoding skips them). */
export function h02FrameLength(buffer: Buffer): number {
  const start = skipLineBreaks(buffer);
  if (start === buffer.length) return 0;
  switch (buffer[start]) {
    case TEXT: {
      const end = buffer.indexOf('#', start);
      if (end >= 0) return end + 1;
      if (buffer.length - start > LONGEST_TEXT) throw new ProtocolError('h02: text message without its #');
      return 0;
    }
    case BINARY:
      return binaryLength(buffer, start);
    case OTHER_BINARY:
      return buffer.length - start < SHORTEST_BINARY ? 0 : start + SHORTEST_BINARY;
    default:
      throw new ProtocolError(`h02: a frame cannot start with 0x${buffer[start].toString(16)}`);
  }
}

/** Where a text message (`*` and two letters) or a binary report (`$` and BCD id digits) may start, junk skipped. */
export function h02FrameStart(buffer: Buffer, from: number): number {
  for (let at = Math.max(from, 0); at < buffer.length; at++) {
    const marker = buffer[at];
    if (marker !== TEXT && marker !== BINARY) continue;
    const follows = buffer.subarray(at + 1, at + 1 + (marker === TEXT ? 2 : ID_LENGTH));
    if (follows.every(marker === TEXT ? isLetter : isBcd)) return at;
  }
  return -1;
}

/** Over UDP every datagram is one message, as Traccar reads it, so binary reports of any size decode. */
export function h02DatagramLength(datagram: Buffer): number {
  const start = skipLineBreaks(datagram);
  const marker = datagram[start];
  if (start < datagram.length && marker !== TEXT && marker !== BINARY && marker !== OTHER_BINARY) {
    throw new ProtocolError(`h02: a message cannot start with 0x${marker.toString(16)}`);
  }
  return datagram.length;
}
