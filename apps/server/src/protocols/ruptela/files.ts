import { decodedPosition } from '../../position/create.ts';
import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import { dropParts, gatherPart, joinParts, missingParts, type MediaParts } from '../kit/media-parts.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import { serverMessage } from './frame.ts';
import { RUPTELA_PROTOCOL } from './records.ts';

/** File transfer (camera pictures). */
export const FILES = 37;
/** The subtype of a file's data. */
const FILE_DATA = 2;
const SLOT = 'ruptelaFile';

/**
 * File data (command 37, subtype 2): source, the file's 8-character name, its part count and the
 * part's number from 0, then the part's bytes. The device sends a part when asked for it (by
 * subtype, source, name and number): each part is answered with the request for the next one
 * missing. Once all are there the picture is an outdated position carrying it as `image`.
 * Other subtypes are not answered.
 */
export function decodeFile(reader: ByteReader, state: ConnectionState, receivedAt: Date): Omit<DecodeResult, 'uniqueId'> {
  const subtype = reader.u8();
  const source = reader.u8();
  if (subtype !== FILE_DATA) return {};
  const name = reader.bytes(8);
  const total = reader.u16();
  const current = reader.u16();
  if (current >= total) throw new ProtocolError(`ruptela: file part ${current} of ${total}`);
  const file = gatherPart(state, SLOT, { file: name.toString('hex'), key: current, data: reader.rest(), count: total });
  if (!file) return {};
  if (file.parts.size < total) {
    const request = Buffer.alloc(2 + 8 + 2);
    request.set([subtype, source], 0);
    name.copy(request, 2);
    request.writeUInt16BE(nextMissing(file, current, total), 10);
    return { reply: serverMessage(FILES, request) };
  }
  dropParts(state, SLOT);
  const position = decodedPosition(RUPTELA_PROTOCOL, receivedAt, { valid: false, outdated: true });
  return { positions: [position], media: [{ position, key: 'image', extension: 'jpg', data: joinParts(file) }] };
}

/** The first part missing after `current`, or else before it. */
function nextMissing(file: MediaParts, current: number, total: number): number {
  return missingParts(file, current + 1, total - 1, 1).at(0) ?? missingParts(file, 0, current, 1)[0];
}
