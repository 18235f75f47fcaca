import { ProtocolError } from '../codec.ts';

/** Reads big-endian fields in order; running past the end is a malformed frame, not a crash. */
export class ByteReader {
  private offset = 0;

  constructor(
    private readonly buffer: Buffer,
    /** Names the structure in error messages. */
    private readonly what: string,
  ) {}

  get remaining(): number {
    return this.buffer.length - this.offset;
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

  u32(): number {
    return this.buffer.readUInt32BE(this.advance(4));
  }

  i32(): number {
    return this.buffer.readInt32BE(this.advance(4));
  }

  i64(): bigint {
    return this.buffer.readBigInt64BE(this.advance(8));
  }

  bytes(length: number): Buffer {
    const start = this.advance(length);
    return this.buffer.subarray(start, start + length);
  }

  /** Everything not read yet. */
  rest(): Buffer {
    return this.bytes(this.remaining);
  }

  private advance(length: number): number {
    if (length < 0 || length > this.remaining) throw new ProtocolError(`${this.what} is truncated`);
    const start = this.offset;
    this.offset += length;
    return start;
  }
}
