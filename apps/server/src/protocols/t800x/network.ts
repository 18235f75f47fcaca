import { KEY } from '../../position/keys.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { outdatedPosition, readTime } from './fields.ts';

/**
 * The mobile network the tracker is on (0x2727 type 0x05, and type 0x11): the time, then
 * length-prefixed texts: operator name (UTF-16LE), technology, band, IMSI (not kept), ICCID.
 */
export function decodeNetworkInfo(reader: ByteReader): DecodedPosition {
  const position = outdatedPosition(readTime(reader));
  const text = (encoding: 'utf16le' | 'latin1') => reader.bytes(reader.u8()).toString(encoding);
  const attributes = position.attributes;
  attributes[KEY.operator] = text('utf16le');
  attributes.networkTechnology = text('latin1');
  attributes.networkBand = text('latin1');
  text('latin1');
  attributes[KEY.iccid] = text('latin1');
  return position;
}
