import { ByteReader as FieldReader } from '../kit/byte-reader.ts';

/** Serial number, CRC and CR LF, which end every message. */
const TRAILER_LENGTH = 6;

/**
 * Reads the big-endian fields of a message in order, from after the protocol number to the end
 * of the frame: the kit's reader, except that `remaining` counts only the bytes before serial,
 * CRC and CR LF, which is what optional fields and variable-length texts are recognised by. Reads
 * may still run into the trailer, as in Traccar: some devices leave serial and CRC out (their 0x10
 * frames end with the GPS block). Reading past the frame is a ProtocolError.
 */
export class ByteReader extends FieldReader {
  private readonly length: number;

  constructor(
    bytes: Buffer,
    private readonly trailer = TRAILER_LENGTH,
  ) {
    super(bytes, 'gt06 message');
    this.length = bytes.length;
  }

  override get remaining(): number {
    return Math.max(0, this.unread - this.trailer);
  }

  /** Bytes not read yet, trailer included. */
  get unread(): number {
    return this.length - this.position;
  }

  /** `length` bytes as lower-case hex digits (RFID tags, MACs, ICCIDs). */
  hex(length: number): string {
    return this.bytes(length).toString('hex');
  }

  /** A reader of just the next `length` bytes (one module of a type-length-value list), consumed here. */
  module(length: number): ByteReader {
    return new ByteReader(this.bytes(length), 0);
  }
}
