import { KNOTS_PER_KMH } from '@rastro/api';
import { ProtocolError } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { ALL_GROUPS, CODEC_16, CODEC_8_EXTENDED, readIoGroups } from './io-groups.ts';
import { decodeIoElement, moveCellsToNetwork, tachographDriver } from './io-elements.ts';
import type { RecordOptions } from './models.ts';
import { blankPosition } from './position.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import { KEY } from '../../position/keys.ts';

/** The codec ids, where code outside this folder has always imported them from. */
export { CODEC_16, CODEC_8, CODEC_8_EXTENDED } from './io-groups.ts';

/**
 * One AVL record of codec 8, 8 Extended or 16: timestamp, priority, GPS element, event id (and
 * codec 16's generation type), then the IO groups, whose ids mean what the device's model says.
 */
export function decodeGpsRecord(reader: ByteReader, codec: number, options: RecordOptions): DecodedPosition {
  const time = new Date(Number(reader.i64()));
  if (Number.isNaN(time.getTime())) throw new ProtocolError('record time out of range');
  const position = blankPosition(time);
  position.attributes.priority = reader.u8();
  position.longitude = coordinate(reader.i32() / 1e7, 180, 'longitude');
  position.latitude = coordinate(reader.i32() / 1e7, 90, 'latitude');
  position.altitude = reader.i16();
  position.course = reader.u16();
  const satellites = reader.u8();
  position.attributes[KEY.sat] = satellites;
  // Traccar's rule: no satellites in use means the coordinates are the last known ones, not a fix.
  position.valid = satellites !== 0;
  position.speed = reader.u16() * KNOTS_PER_KMH;
  position.attributes[KEY.event] = codec === CODEC_8_EXTENDED || codec === CODEC_16 ? reader.u16() : reader.u8();
  if (codec === CODEC_16) reader.u8(); // generation type
  if (codec === CODEC_8_EXTENDED) reader.u16();
  else reader.u8(); // total number of IO elements, implied by the groups
  decodeIoElements(reader, position, codec, ALL_GROUPS, options);
  return position;
}

/** The IO groups of a record, named for the device's model, then the cells and driver they carry. */
export function decodeIoElements(reader: ByteReader, position: DecodedPosition, codec: number, mask: number, options: RecordOptions, fixed = decodeIoElement): void {
  const driverHalves = new Map<number, Buffer>();
  readIoGroups(reader, position, {
    codec,
    mask,
    extended: options.extended,
    fixed: (id, value) => {
      if (id === 195 || id === 196) driverHalves.set(id, value);
      fixed(id, value, position, options.model);
    },
  });
  moveCellsToNetwork(position, options.model);
  tachographDriver(driverHalves, position, options.model);
}

/** A coordinate beyond the globe is a misread record: Traccar refuses the packet too. */
export function coordinate(degrees: number, limit: number, name: string): number {
  if (!(Math.abs(degrees) <= limit)) throw new ProtocolError(`${name} out of range: ${degrees}`);
  return degrees;
}
