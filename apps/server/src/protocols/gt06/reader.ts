import { ProtocolError } from '../codec.ts';

/** Serial number and CRC, which end every message before its CR LF. */
const TRAILER_LENGTH = 4;

/**
 * Reads the big-endian fields of a message in order, from after the protocol number up to the
 * CR LF. `remaining` counts only the bytes before serial and CRC, which is what the optional
 * fields are recognised by. Reads may still run into those four bytes, as in Traccar: some
 * devices leave serial and CRC out (their 0x10 frames end with the GPS block).
 */
export class ByteReader {
  private offset = 0;

  constructor(private readonly bytes: Buffer) {}

  get remaining(): number {
    return Math.max(0, this.bytes.length - TRAILER_LENGTH - this.offset);
  }

  u8(): number {
    return this.take(1)[0];
  }

  u16(): number {
    return this.take(2).readUInt16BE(0);
  }

  u24(): number {
    return this.take(3).readUIntBE(0, 3);
  }

  u32(): number {
    return this.take(4).readUInt32BE(0);
  }

  /** Cell ids of 4G devices take 8 bytes; real values stay far below 2^53. */
  u64(): number {
    return Number(this.take(8).readBigUInt64BE(0));
  }

  /** The next byte, left unread. */
  peek(): number {
    if (this.offset >= this.bytes.length) throw new ProtocolError('gt06: message truncated');
    return this.bytes[this.offset];
  }

  take(length: number): Buffer {
    if (length < 0 || this.offset + length > this.bytes.length) throw new ProtocolError('gt06: message truncated');
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }

  /** The rest of the message, serial and CRC excluded. */
  rest(): Buffer {
    return this.take(this.remaining);
  }

  /** Bytes read so far. */
  get consumed(): number {
    return this.offset;
  }
}
