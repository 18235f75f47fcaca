import { ProtocolError } from '../codec.ts';

/**
 * The frame-splitter family a codec picks from. Each gives the codec's `frameLength` (length of
 * the first complete frame, 0 while incomplete, ProtocolError for bytes that cannot start one)
 * and `frameStart` (where the next frame can begin, so the listener skips junk between frames
 * instead of closing a connection whose firmware inserts it).
 */
export interface Framing {
  frameLength: (buffer: Buffer) => number;
  /** Offset of the first possible frame start at or after `from`, or -1 when there is none yet. */
  frameStart: (buffer: Buffer, from: number) => number;
}

/** A frame this long without its end is garbage, not a slow device (text protocols' lines are short). */
const DEFAULT_MAX_LENGTH = 8192;

function indexOfAny(buffer: Buffer, markers: Buffer[], from: number): { at: number; marker: Buffer } | null {
  let best: { at: number; marker: Buffer } | null = null;
  for (const marker of markers) {
    const at = buffer.indexOf(marker, from);
    if (at >= 0 && (!best || at < best.at)) best = { at, marker };
  }
  return best;
}

/**
 * Text and binary frames that end with a delimiter (`;`, `\r\n`, `#`…); the frame includes it.
 * `start`, when given, is what every frame begins with: bytes before it are junk.
 */
export function delimited(delimiters: (string | Buffer)[], options: { start?: string | Buffer; maxLength?: number } = {}): Framing {
  const ends = delimiters.map((d) => (typeof d === 'string' ? Buffer.from(d, 'latin1') : d));
  const start = options.start === undefined ? null : typeof options.start === 'string' ? Buffer.from(options.start, 'latin1') : options.start;
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  return {
    frameLength(buffer) {
      if (start && buffer.length >= start.length && !buffer.subarray(0, start.length).equals(start)) {
        throw new ProtocolError(`frame does not start with ${start.toString('latin1')}`);
      }
      const end = indexOfAny(buffer, ends, start ? start.length : 0);
      if (!end) {
        if (buffer.length > maxLength) throw new ProtocolError(`no frame end in ${buffer.length} bytes`);
        return 0;
      }
      // A frame longer than any the protocol sends is thrown away, as a line-based splitter does.
      if (end.at + end.marker.length > maxLength) throw new ProtocolError(`frame of ${end.at + end.marker.length} bytes`);
      return end.at + end.marker.length;
    },
    frameStart(buffer, from) {
      if (start) return buffer.indexOf(start, from);
      // Without a start marker the next frame begins after the next end.
      const end = indexOfAny(buffer, ends, from);
      return end ? end.at + end.marker.length : -1;
    },
  };
}

export interface LengthField {
  /** What every frame begins with (e.g. 0x78 0x78); checked before the length is trusted. */
  header: Buffer;
  /** Where the length field is, from the frame's first byte. */
  offset: number;
  size: 1 | 2 | 4;
  littleEndian?: boolean;
  /** Added to the field's value to get the whole frame's length (header, field and trailer). */
  adjust: number;
  maxLength?: number;
}

/** Binary frames with a fixed header and a length field: GT06's 7878/7979, Teltonika's preamble, Ruptela. */
export function lengthPrefixed(field: LengthField): Framing {
  const maxLength = field.maxLength ?? 65_535 + field.adjust;
  return {
    frameLength(buffer) {
      const head = Math.min(buffer.length, field.header.length);
      if (!buffer.subarray(0, head).equals(field.header.subarray(0, head))) {
        throw new ProtocolError(`frame does not start with ${field.header.toString('hex')}`);
      }
      if (buffer.length < field.offset + field.size) return 0;
      const value = field.littleEndian ? buffer.readUIntLE(field.offset, field.size) : buffer.readUIntBE(field.offset, field.size);
      const length = value + field.adjust;
      if (length < field.offset + field.size || length > maxLength) throw new ProtocolError(`frame length ${length} is impossible`);
      return buffer.length >= length ? length : 0;
    },
    frameStart(buffer, from) {
      return buffer.indexOf(field.header, from);
    },
  };
}

/**
 * Frames between a start and an end byte that cannot occur inside (escaped protocols such as
 * JT808's 0x7e…0x7e). The frame includes both markers.
 */
export function enclosed(start: number, end: number, maxLength = DEFAULT_MAX_LENGTH): Framing {
  return {
    frameLength(buffer) {
      if (buffer.length === 0) return 0;
      if (buffer[0] !== start) throw new ProtocolError(`frame does not start with ${start.toString(16)}`);
      const at = buffer.indexOf(end, 1);
      if (at < 0) {
        if (buffer.length > maxLength) throw new ProtocolError(`no frame end in ${buffer.length} bytes`);
        return 0;
      }
      return at + 1;
    },
    frameStart(buffer, from) {
      return buffer.indexOf(start, from);
    },
  };
}
