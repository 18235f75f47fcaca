import { ProtocolError } from '../codec.ts';

/**
 * Reads a binary frame's fields in order, big-endian unless a method says `le`. Running past the
 * end is a malformed frame (ProtocolError: that frame is skipped), never a crash.
 */
export class ByteReader {
  private offset = 0;

  constructor(
    private readonly buffer: Buffer,
    /** Names the structure in error messages ("gl200 report"). */
    private readonly what = 'frame',
  ) {}

  /** Bytes not read yet. */
  get remaining(): number {
    return this.buffer.length - this.offset;
  }

  /** Bytes read so far (the offset of the next field). */
  get position(): number {
    return this.offset;
  }

  u8(): number {
    return this.buffer.readUInt8(this.advance(1));
  }

  i8(): number {
    return this.buffer.readInt8(this.advance(1));
  }

  u16(): number {
    return this.buffer.readUInt16BE(this.advance(2));
  }

  i16(): number {
    return this.buffer.readInt16BE(this.advance(2));
  }

  u24(): number {
    return this.buffer.readUIntBE(this.advance(3), 3);
  }

  u32(): number {
    return this.buffer.readUInt32BE(this.advance(4));
  }

  i32(): number {
    return this.buffer.readInt32BE(this.advance(4));
  }

  /** A 64-bit unsigned value as a number: exact up to 2^53, which counters and ids stay below. */
  u64(): number {
    return Number(this.buffer.readBigUInt64BE(this.advance(8)));
  }

  i64(): bigint {
    return this.buffer.readBigInt64BE(this.advance(8));
  }

  u16le(): number {
    return this.buffer.readUInt16LE(this.advance(2));
  }

  i16le(): number {
    return this.buffer.readInt16LE(this.advance(2));
  }

  u32le(): number {
    return this.buffer.readUInt32LE(this.advance(4));
  }

  i32le(): number {
    return this.buffer.readInt32LE(this.advance(4));
  }

  /** IEEE 754 single precision; NaN and infinities are a malformed field, not a value. */
  f32le(): number {
    return finite(this.buffer.readFloatLE(this.advance(4)), this.what);
  }

  f32(): number {
    return finite(this.buffer.readFloatBE(this.advance(4)), this.what);
  }

  /** An unsigned big-endian integer of 1 to 6 bytes. */
  uint(length: number): number {
    return this.buffer.readUIntBE(this.advance(length), length);
  }

  /** Packed BCD digits (two per byte), as text: `bcd(6)` of 0x01 0x23… gives "0123…". */
  bcd(length: number): string {
    return this.bytes(length).toString('hex');
  }

  /** Packed BCD digits as a number (dates, counters); a nibble above 9 is a malformed field. */
  bcdNumber(length: number): number {
    const digits = this.bcd(length);
    if (!/^\d+$/.test(digits)) throw new ProtocolError(`${this.what} has a bad BCD field ${digits}`);
    return Number(digits);
  }

  /** Text of `length` bytes (Latin-1: every byte is one character). */
  ascii(length: number): string {
    return this.bytes(length).toString('latin1');
  }

  /** The next byte, left unread. */
  peek(at = 0): number {
    if (at < 0 || this.offset + at >= this.buffer.length) throw new ProtocolError(`${this.what} is truncated`);
    return this.buffer[this.offset + at];
  }

  skip(length: number): void {
    this.advance(length);
  }

  bytes(length: number): Buffer {
    const start = this.advance(length);
    return this.buffer.subarray(start, start + length);
  }

  /** Everything not read yet. */
  rest(): Buffer {
    return this.bytes(this.remaining);
  }

  // Against the buffer, not `remaining`, which a protocol's reader may narrow (gt06's trailer).
  private advance(length: number): number {
    if (length < 0 || this.offset + length > this.buffer.length) throw new ProtocolError(`${this.what} is truncated`);
    const start = this.offset;
    this.offset += length;
    return start;
  }
}

function finite(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new ProtocolError(`${what} has a non-finite number`);
  return value;
}
