import { ProtocolError } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { decodeGh3000Record } from './gh3000.ts';
import { decodeGpsRecord } from './gps-record.ts';
import { CODEC_16, CODEC_8, CODEC_8_EXTENDED, CODEC_GH3000 } from './io-groups.ts';
import { CODEC_12, CODEC_13, decodeCodec12Message, decodeCodec13Message } from './messages.ts';
import type { RecordOptions } from './models.ts';
import { ByteReader } from '../kit/byte-reader.ts';

export interface AvlData {
  codec: number;
  /** Number of records, which the acknowledgement repeats. */
  count: number;
  positions: DecodedPosition[];
}

const LOCATION_CODECS = new Set([CODEC_GH3000, CODEC_8, CODEC_8_EXTENDED, CODEC_16]);

/**
 * The AVL data shared by the TCP and UDP packets: codec id, record count, then the records.
 * What follows them (the count again, on TCP the CRC) is not read: Traccar does not check it, and
 * devices send packets whose declared lengths and counts are off yet whose records are sound.
 */
export function decodeAvlData(data: Buffer, receivedAt: Date, options: RecordOptions): AvlData {
  const reader = new ByteReader(data, 'AVL data');
  const codec = reader.u8();
  if (!LOCATION_CODECS.has(codec) && codec !== CODEC_12 && codec !== CODEC_13) {
    throw new ProtocolError(`unsupported codec 0x${codec.toString(16).padStart(2, '0')}`);
  }
  const count = reader.u8();
  const positions: DecodedPosition[] = [];
  for (let n = 0; n < count; n += 1) {
    const position = decodeRecord(reader, codec, receivedAt, options);
    if (position) positions.push(position);
  }
  return { codec, count, positions };
}

function decodeRecord(reader: ByteReader, codec: number, receivedAt: Date, options: RecordOptions): DecodedPosition | null {
  switch (codec) {
    case CODEC_12: return decodeCodec12Message(reader, receivedAt);
    case CODEC_13: return decodeCodec13Message(reader, receivedAt);
    case CODEC_GH3000: return decodeGh3000Record(reader, options);
    default: return decodeGpsRecord(reader, codec, options);
  }
}

/** Location data is acknowledged with its record count; command replies (codec 12 and 13) are not. */
export function isAcknowledged(codec: number): boolean {
  return LOCATION_CODECS.has(codec);
}
