import { ProtocolError, type ConnectionState, type MediaAttachment } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { rememberedMedia, rememberMedia } from './connection.ts';
import { decodeLocation, type DeviceContext } from './location.ts';
import { dropParts, gatherPart, joinParts, missingParts, type MediaParts } from '../kit/media-parts.ts';
import { formatMessage, generalResponse, type Jt808Message } from './message.ts';

/** Multimedia data upload response: the item's id, then the count and numbers of the packages to send again. */
const MEDIA_RESPONSE = 0x8800;
/** Alarm flags, status, coordinates, altitude, speed, course and time. */
const BASIC_LOCATION_LENGTH = 28;
/** The response counts the packages to send again in one byte; the rest are asked for in the next. */
const MAX_RESENT = 255;
/** Connection memory of the item being gathered. */
const SLOT = 'jt808MediaParts';

const MEDIA_TYPES = ['image', 'audio', 'video'];
const MEDIA_FORMATS = ['jpeg', 'tif', 'mp3', 'wav', 'wmv'];
/** Items kept as files, by type and format: those in a format the media store takes. */
const FILES = new Map<string, Pick<MediaAttachment, 'key' | 'extension'>>([
  ['image/jpeg', { key: 'image', extension: 'jpg' }],
  ['audio/mp3', { key: 'audio', extension: 'mp3' }],
  ['audio/wav', { key: 'audio', extension: 'wav' }],
]);

export interface MediaOutcome {
  positions?: DecodedPosition[];
  media?: MediaAttachment[];
  reply: Buffer;
}

/**
 * An item's id, from the multimedia event that announces it or from its first package. Another
 * id than the one gathered is another item: what was gathered of the previous one is dropped.
 */
function announce(state: ConnectionState, mediaId: number): void {
  const current = rememberedMedia(state);
  if (current !== undefined && current !== mediaId) dropParts(state, SLOT);
  rememberMedia(state, mediaId);
}

/** Multimedia event (0x0800): the id, type, format, event and channel of an item whose data follows in 0x0801. */
export function decodeMediaEvent(message: Jt808Message, state: ConnectionState): MediaOutcome {
  if (message.body.length >= 4) announce(state, message.body.readUInt32BE(0));
  return { reply: generalResponse(message) };
}

/**
 * Multimedia data (0x0801): the item's id, type, format, triggering event and channel, the
 * location where it was taken, then its content. A long item comes split in packages (numbered
 * from 1 in the header), the fields only in the first: the packages are gathered until all are
 * there. Each is answered with the general response, but the one after which none is still to
 * come: that one gets 0x8800, with the numbers of the missing packages, which the terminal then
 * sends again, or with only the id once the item is complete (or refused as too big, so that the
 * terminal stops sending it). The complete item gives the position, its file named in `image` or
 * `audio` when the store keeps its format (JPEG, MP3, WAV).
 */
export function decodeMediaData(message: Jt808Message, context: DeviceContext, state: ConnectionState): MediaOutcome {
  const { packet, body } = message;
  if (packet === null) return completeItem(message, body, context);
  const { total, number } = packet;
  if (number < 1 || number > total) throw new ProtocolError(`jt808: multimedia package ${number} of ${total}`);
  if (number === 1) {
    if (body.length < 4) throw new ProtocolError('jt808: multimedia data without its id');
    announce(state, body.readUInt32BE(0));
  }
  const mediaId = rememberedMedia(state);
  const item = gatherPart(state, SLOT, { file: String(total), key: number, data: body, count: total });
  if (!item) return { reply: number === total && mediaId !== undefined ? mediaResponse(message, mediaId, []) : generalResponse(message) };
  if (item.parts.size === total) {
    dropParts(state, SLOT);
    return completeItem(message, joinParts(item), context);
  }
  if (mediaId === undefined || stillToCome(item, number, total)) return { reply: generalResponse(message) };
  return { reply: mediaResponse(message, mediaId, missingParts(item, 1, total, MAX_RESENT)) };
}

/** Whether a package after `number` is missing: the terminal sends in order, so it is on its way. */
function stillToCome(item: MediaParts, number: number, total: number): boolean {
  return missingParts(item, number + 1, total, 1).length > 0;
}

function mediaResponse(message: Jt808Message, mediaId: number, missing: number[]): Buffer {
  const body = Buffer.alloc(missing.length > 0 ? 5 + 2 * missing.length : 4);
  body.writeUInt32BE(mediaId, 0);
  if (missing.length > 0) {
    body[4] = missing.length;
    missing.forEach((number, at) => body.writeUInt16BE(number, 5 + 2 * at));
  }
  return formatMessage(message, MEDIA_RESPONSE, body);
}

/** The whole item: its location is the position, marked with what the item is and carrying its file. */
function completeItem(message: Jt808Message, body: Buffer, context: DeviceContext): MediaOutcome {
  const reader = new ByteReader(body, 'jt808 multimedia data');
  const mediaId = reader.u32();
  const type = reader.u8();
  const format = reader.u8();
  const event = reader.u8();
  const channel = reader.u8();
  const position = decodeLocation(reader.bytes(BASIC_LOCATION_LENGTH), context);
  const mediaType = MEDIA_TYPES[type] ?? String(type);
  const mediaFormat = MEDIA_FORMATS[format] ?? String(format);
  Object.assign(position.attributes, { mediaId, mediaType, mediaFormat, mediaEvent: event, mediaChannel: channel });
  const file = FILES.get(`${mediaType}/${mediaFormat}`);
  const data = reader.rest();
  const media = file && data.length > 0 ? [{ position, ...file, data }] : undefined;
  return { positions: [position], media, reply: mediaResponse(message, mediaId, []) };
}
