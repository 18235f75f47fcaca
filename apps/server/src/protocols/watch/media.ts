import { ProtocolError, type ConnectionState, type MediaAttachment } from '../codec.ts';
import { dropParts, gatherPart, joinParts } from '../kit/media-parts.ts';
import type { DecodedPosition } from '../types.ts';
import { outdatedPosition } from './position.ts';

/** Connection memory of the JXTK voice message being gathered. */
const SLOT = 'watchVoice';
const COMMA = 0x2c;
/** `yyMMddHHmmss` between the photo's first field and its bytes. */
const PHOTO_TIME_LENGTH = 12;

export interface MediaMessage {
  positions?: DecodedPosition[];
  media?: MediaAttachment[];
}

/** A file on an outdated position, as Traccar gives it (getLastLocation). */
function withFile(key: MediaAttachment['key'], extension: string, data: Buffer, receivedAt: Date): MediaMessage {
  const position = outdatedPosition(receivedAt);
  return { positions: [position], media: [{ position, key, extension, data }] };
}

/** `TK,<amr>` (and TK2): a whole voice message. A single byte is the watch's answer to one sent to it, not a message. */
export function decodeVoice(body: Buffer, receivedAt: Date): MediaMessage {
  return body.length > 1 ? withFile('audio', 'amr', body, receivedAt) : {};
}

/** `img,<field>,<yyMMddHHmmss>,<jpeg>`: a photo the watch took. */
export function decodePhoto(body: Buffer, receivedAt: Date): MediaMessage {
  const comma = body.indexOf(COMMA);
  const start = comma + 1 + PHOTO_TIME_LENGTH + 1;
  if (comma < 0 || body[start - 1] !== COMMA || start >= body.length) throw new ProtocolError('watch: malformed img photo');
  return withFile('image', 'jpg', body.subarray(start), receivedAt);
}

/**
 * `JXTK,<?>,<file>,<part>,<parts>,<amr>`: one part of a voice message, numbered from 1 (each
 * acknowledged by the caller). The parts are gathered by file until all are there.
 */
export function decodeVoicePart(body: Buffer, state: ConnectionState, receivedAt: Date): MediaMessage {
  let start = 0;
  const fields: string[] = [];
  for (let field = 0; field < 4; field++) {
    const comma = body.indexOf(COMMA, start);
    if (comma < 0) throw new ProtocolError('watch: malformed JXTK voice part');
    fields.push(body.subarray(start, comma).toString('latin1'));
    start = comma + 1;
  }
  const [, file, part, parts] = fields;
  const number = Number(part);
  const total = Number(parts);
  if (!/^\d{1,5}$/.test(part) || !/^\d{1,5}$/.test(parts) || number > total) throw new ProtocolError(`watch: JXTK part ${part} of ${parts}`);
  const voice = gatherPart(state, SLOT, { file, key: number, data: body.subarray(start), count: total });
  if (voice?.parts.size !== total) return {};
  dropParts(state, SLOT);
  return withFile('audio', 'amr', joinParts(voice), receivedAt);
}
