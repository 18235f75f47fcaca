import { ProtocolError } from '../codec.ts';

const TEXT = 0x2a; // '*': `*HQ,...#`
const BINARY = 0x24; // '$': fixed-size binary report
const OTHER_BINARY = 0x58; // 'X': a 32-byte report Traccar frames but does not decode
const CR = 0x0d;
const LF = 0x0a;

/**
 * Binary reports carry no length: 32 bytes (10-digit id), 42 (15-digit IMEI) or 45 (10-digit id
 * and extra data). The size is the one after which the next frame starts, or the data ends.
 */
const BINARY_LENGTHS = [32, 42, 45];
const LONGEST_BINARY = 45;

function startsFrame(byte: number): boolean {
  return byte === TEXT || byte === BINARY || byte === OTHER_BINARY || byte === CR || byte === LF;
}

/** Offset of the first byte that is not a line break: devices end text messages with CR LF after the `#`. */
export function skipLineBreaks(buffer: Buffer): number {
  let start = 0;
  while (start < buffer.length && (buffer[start] === CR || buffer[start] === LF)) start++;
  return start;
}

/** Length of the first frame of a TCP stream, the line breaks before it included (decoding skips them). */
export function h02FrameLength(buffer: Buffer): number {
  const start = skipLineBreaks(buffer);
  if (start === buffer.length) return 0;
  const available = buffer.length - start;
  switch (buffer[start]) {
    case TEXT: {
      const end = buffer.indexOf('#', start);
      return end < 0 ? 0 : end + 1;
    }
    case BINARY:
      for (const length of BINARY_LENGTHS) {
        if (available === length || (available > length && startsFrame(buffer[start + length]))) return start + length;
      }
      if (available < LONGEST_BINARY) return 0;
      throw new ProtocolError('h02: binary report of unknown length');
    case OTHER_BINARY:
      return available < 32 ? 0 : start + 32;
    default:
      throw new ProtocolError(`h02: a frame cannot start with 0x${buffer[start].toString(16)}`);
  }
}

/** Over UDP every datagram is one message, as Traccar reads it, so binary reports of any size decode. */
export function h02DatagramLength(datagram: Buffer): number {
  const start = skipLineBreaks(datagram);
  if (start < datagram.length && !startsFrame(datagram[start])) {
    throw new ProtocolError(`h02: a message cannot start with 0x${datagram[start].toString(16)}`);
  }
  return datagram.length;
}
