import { ProtocolError } from '../codec.ts';
import { unescapeBytes } from '../kit/escapes.ts';

const BINARY = 0x24; // '$'
const TEXT_START = 0x28; // '('
const TEXT_END = 0x29; // ')'
const ESCAPE = 0x3d; // '='
/** `=` followed by one of these stands for the byte that would otherwise end or split a text frame. */
const ESCAPED = new Map([
  [0x15, 0x28],
  [0x14, 0x29],
  [0x11, 0x2c],
  [0x00, 0x3d],
]);

/** A binary report's header: '$', 5 bytes of id, version byte(s), then the length of what follows the first 10 bytes. */
const BINARY_HEADER = 10;
/** Text frames are short lines; a '(' without its ')' this far on is not a frame. */
const MAX_TEXT = 4096;

/**
 * Long-format binary reports have a protocol version byte before the version, which moves the
 * length one byte on; its high byte is then 0, where the short format has the length's low byte.
 */
export function isLongFormat(frame: Buffer): boolean {
  return frame[8] === 0;
}

/** `$` binary reports carry their length; `(`…`)` text frames end at the first ')', which is escaped inside. */
export function jt600FrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  switch (buffer[0]) {
    case BINARY: {
      if (buffer.length < BINARY_HEADER) return 0;
      const length = buffer.readUInt16BE(isLongFormat(buffer) ? 8 : 7) + BINARY_HEADER;
      return buffer.length >= length ? length : 0;
    }
    case TEXT_START: {
      const end = buffer.indexOf(TEXT_END);
      if (end >= 0) return end + 1;
      if (buffer.length > MAX_TEXT) throw new ProtocolError(`jt600: no ')' in ${buffer.length} bytes`);
      return 0;
    }
    default:
      throw new ProtocolError(`jt600: a frame cannot start with 0x${buffer[0].toString(16)}`);
  }
}

export function jt600FrameStart(buffer: Buffer, from: number): number {
  for (let at = from; at < buffer.length; at++) if (buffer[at] === BINARY || buffer[at] === TEXT_START) return at;
  return -1;
}

/** A text frame with its `=` escapes resolved; an unknown escape drops both bytes, as Traccar reads it. */
export function unescapeText(frame: Buffer): Buffer {
  return unescapeBytes(frame, ESCAPE, (code) => (code === undefined ? undefined : ESCAPED.get(code)));
}
