import type { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { PREFIX } from '../../position/keys.ts';
import { decodeVariableIoElement } from './variable-io.ts';

export const CODEC_GH3000 = 0x07;
export const CODEC_8 = 0x08;
export const CODEC_8_EXTENDED = 0x8e;
export const CODEC_16 = 0x10;

export interface IoGroups {
  codec: number;
  /** Which of the 1, 2 and 4-byte groups are present (bits 1 to 3); GH3000 records say, the others carry all. */
  mask: number;
  /** A group of 16-byte values follows the 8-byte one (`teltonika.extended`). */
  extended: boolean;
  /** Called for each 1, 2, 4 and 8-byte element. */
  fixed: (id: number, value: Buffer) => void;
}

/** All groups present: the mask of every codec but GH3000. */
export const ALL_GROUPS = 0x0f;

/**
 * The IO elements after a record's location, grouped by value width: 1, 2 and 4 bytes (GH3000
 * says which are there), 8 bytes (not in GH3000), 16 bytes on extended devices, and the
 * variable-length group of codec 8 Extended. Codec 8 Extended widens ids and counts to two bytes;
 * codec 16 widens only the ids.
 */
export function readIoGroups(reader: ByteReader, position: DecodedPosition, groups: IoGroups): void {
  const { codec } = groups;
  const count = () => (codec === CODEC_8_EXTENDED ? reader.u16() : reader.u8());
  const id = () => (codec === CODEC_8_EXTENDED || codec === CODEC_16 ? reader.u16() : reader.u8());
  const widths = [1, 2, 4].filter((_, n) => (groups.mask & (2 << n)) !== 0);
  if (codec !== CODEC_GH3000) widths.push(8);
  for (const width of widths) {
    for (let n = count(); n > 0; n -= 1) groups.fixed(id(), reader.bytes(width));
  }
  if (groups.extended) {
    for (let n = count(); n > 0; n -= 1) position.attributes[`${PREFIX.io}${id()}`] = reader.bytes(16).toString('hex');
  }
  if (codec === CODEC_8_EXTENDED) {
    for (let n = reader.u16(); n > 0; n -= 1) {
      const elementId = reader.u16();
      decodeVariableIoElement(elementId, reader.bytes(reader.u16()), position);
    }
  }
}
