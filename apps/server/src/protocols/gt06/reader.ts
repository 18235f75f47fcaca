import { ProtocolError } from '../codec.ts';

/** Serial number, CRC and CR LF, which end every message. */
const TRAILER_LENGTH = 6;

/**
 * Reads the big-endian fields of a message in order, from after the protocol number to the end
 * of the frame. `remaining` counts only the bytes before serial, CRC and CR LF, which is what
 * optional fields and variable-length texts are recognised by. Reads may still run into the
 * trailer, as in Traccar: some devices leave serial and CRC out (their 0x10 frames end with the
 * GPS block). Reading past the frame is a ProtocolError.
 */
export class ByteReader {
  private offset = 0;

  constructor(
    private readonly bytes: Buffer,
    private readonly trailer = TRAILER_LENGTH,
  ) {}

  get remaining(): number {
    return Math.max(0, this.bytes.length - this.trailer - this.offset);
  }

  /** Bytes not read yet, trailer included. */
  get unread(): number {
    return this.bytes.length - this.offset;
  }

  /** Bytes read so far. */
  get consumed(): number {
    return this.offset;
  }

  u8(): number {
    return this.take(1)[0];
  }

  i8(): number {
    return this.take(1).readInt8(0);
  }

  u16(): number {
    return this.take(2).readUInt16BE(0);
  }

  i16(): number {
    return this.take(2).readInt16BE(0);
  }

  u24(): number {
    return this.take(3).readUIntBE(0, 3);
  }

  u32(): number {
    return this.take(4).readUInt32BE(0);
  }

  i32(): number {
    return this.take(4).readInt32BE(0);
  }

  u32le(): number {
    return this.take(4).readUInt32LE(0);
  }

  /** Cell ids of 4G devices take 8 bytes; real values stay far below 2^53. */
  u64(): number {
    return Number(this.take(8).readBigUInt64BE(0));
  }

  /** Text of `length` bytes, one character per byte. */
  ascii(length: number): string {
    return this.take(length).toString('latin1');
  }

  /** `length` bytes as lower-case hex digits (RFID tags, MACs, ICCIDs). */
  hex(length: number): string {
    return this.take(length).toString('hex');
  }

  skip(length: number): void {
    this.take(length);
  }

  /** The byte `at` positions ahead, left unread. */
  peek(at = 0): number {
    if (this.offset + at >= this.bytes.length) throw new ProtocolError('gt06: message truncated');
    return this.bytes[this.offset + at];
  }

  take(length: number): Buffer {
    if (length < 0 || this.offset + length > this.bytes.length) throw new ProtocolError('gt06: message truncated');
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }

  /** The rest of the message, trailer excluded. */
  rest(): Buffer {
    return this.take(this.remaining);
  }

  /** A reader of just the next `length` bytes (one module of a type-length-value list), consumed here. */
  module(length: number): ByteReader {
    return new ByteReader(this.take(length), 0);
  }
}
