import { ProtocolError } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { CODEC_16, CODEC_8, CODEC_8_EXTENDED, decodeGpsRecord } from './gps-record.ts';
import { CODEC_12, CODEC_13, decodeCodec12Message, decodeCodec13Message } from './messages.ts';
import { ByteReader } from '../kit/byte-reader.ts';

export interface AvlData {
  codec: number;
  /** Number of records, which the acknowledgement repeats. */
  count: number;
  positions: DecodedPosition[];
}

const GPS_CODECS = new Set([CODEC_8, CODEC_8_EXTENDED, CODEC_16]);

/**
 * The AVL data shared by the TCP and UDP packets: codec id, record count, records, and the count
 * again. The two counts must agree and nothing may follow: anything else means the frame was
 * misread, and acknowledging it would lose records.
 */
export function decodeAvlData(data: Buffer, receivedAt: Date): AvlData {
  const reader = new ByteReader(data, 'AVL data');
  const codec = reader.u8();
  if (!GPS_CODECS.has(codec) && codec !== CODEC_12 && codec !== CODEC_13) {
    throw new ProtocolError(`unsupported codec 0x${codec.toString(16).padStart(2, '0')}`);
  }
  const count = reader.u8();
  const positions: DecodedPosition[] = [];
  for (let n = 0; n < count; n += 1) {
    if (codec === CODEC_12) {
      const position = decodeCodec12Message(reader, receivedAt);
      if (position) positions.push(position);
    } else if (codec === CODEC_13) {
      positions.push(decodeCodec13Message(reader, receivedAt));
    } else {
      positions.push(decodeGpsRecord(reader, codec));
    }
  }
  if (reader.u8() !== count) throw new ProtocolError('AVL record counts disagree');
  if (reader.remaining > 0) throw new ProtocolError(`${reader.remaining} unexpected bytes after the AVL records`);
  return { codec, count, positions };
}

/** Location data is acknowledged with its record count; command replies (codec 12 and 13) are not. */
export function isAcknowledged(codec: number): boolean {
  return GPS_CODECS.has(codec);
}
