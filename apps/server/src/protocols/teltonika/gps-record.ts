import { KNOTS_PER_KMH } from '@rastro/api';
import { ProtocolError } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { decodeIoElement, moveCellToNetwork } from './io-elements.ts';
import { blankPosition } from './position.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import { decodeVariableIoElement } from './variable-io.ts';
import { KEY } from '../../position/keys.ts';

export const CODEC_8 = 0x08;
export const CODEC_8_EXTENDED = 0x8e;
export const CODEC_16 = 0x10;

/** Fixed value widths of the IO groups every GPS codec carries, in wire order. */
const IO_WIDTHS = [1, 2, 4, 8];

/**
 * One AVL record of codec 8, 8 Extended or 16: timestamp, priority, GPS element, then IO
 * elements grouped by value width. Codec 8 Extended widens IO ids and counts to two bytes and
 * adds a group of variable-length values; codec 16 widens only the ids and adds a generation type.
 */
export function decodeGpsRecord(reader: ByteReader, codec: number): DecodedPosition {
  const wideCounts = codec === CODEC_8_EXTENDED;
  const wideIds = codec === CODEC_8_EXTENDED || codec === CODEC_16;
  const count = () => (wideCounts ? reader.u16() : reader.u8());
  const ioId = () => (wideIds ? reader.u16() : reader.u8());

  const time = new Date(Number(reader.i64()));
  if (Number.isNaN(time.getTime())) throw new ProtocolError('record time out of range');
  const position = blankPosition(time);
  position.attributes.priority = reader.u8();
  position.longitude = coordinate(reader.i32(), 180, 'longitude');
  position.latitude = coordinate(reader.i32(), 90, 'latitude');
  position.altitude = reader.i16();
  position.course = reader.u16();
  const satellites = reader.u8();
  position.attributes[KEY.sat] = satellites;
  // Traccar's rule: no satellites in use means the coordinates are the last known ones, not a fix.
  position.valid = satellites !== 0;
  position.speed = reader.u16() * KNOTS_PER_KMH;
  position.attributes[KEY.event] = ioId();
  if (codec === CODEC_16) reader.u8(); // generation type
  count(); // total number of IO elements, implied by the groups

  for (const width of IO_WIDTHS) {
    for (let n = count(); n > 0; n -= 1) {
      const id = ioId();
      decodeIoElement(id, reader.bytes(width), position);
    }
  }
  if (codec === CODEC_8_EXTENDED) {
    for (let n = reader.u16(); n > 0; n -= 1) {
      const id = reader.u16();
      decodeVariableIoElement(id, reader.bytes(reader.u16()), position);
    }
  }
  moveCellToNetwork(position);
  return position;
}

function coordinate(raw: number, limit: number, name: string): number {
  const degrees = raw / 1e7;
  if (Math.abs(degrees) > limit) throw new ProtocolError(`${name} out of range: ${degrees}`);
  return degrees;
}
