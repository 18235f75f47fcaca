import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { rememberedMedia, rememberMedia } from './connection.ts';
import type { ConnectionState } from '../codec.ts';
import { decodeLocation, type DeviceContext } from './location.ts';
import { formatMessage, type Jt808Message } from './message.ts';

/** Multimedia data upload response: the item's id and how many packages to resend (none). */
const MEDIA_RESPONSE = 0x8800;
/** Alarm flags, status, coordinates, altitude, speed, course and time. */
const BASIC_LOCATION_LENGTH = 28;

const MEDIA_TYPES = ['image', 'audio', 'video'];
const MEDIA_FORMATS = ['jpeg', 'tif', 'mp3', 'wav', 'wmv'];

/**
 * Multimedia data (0x0801), usually a photo split over many packages. The first package holds the
 * item's id, type, format, triggering event and channel, and the location where it was taken:
 * that location is the position, marked with what the item is. The content itself is not kept
 * (there is no file store). The last package is answered with 0x8800 so the terminal does not
 * resend the item.
 */
export function decodeMediaData(message: Jt808Message, context: DeviceContext, state: ConnectionState): { position?: DecodedPosition; reply?: Buffer } {
  const { packet } = message;
  let position: DecodedPosition | undefined;
  if (packet === null || packet.number === 1) {
    const reader = new ByteReader(message.body, 'jt808 multimedia data');
    const mediaId = reader.u32();
    const type = reader.u8();
    const format = reader.u8();
    const event = reader.u8();
    const channel = reader.u8();
    position = decodeLocation(reader.bytes(BASIC_LOCATION_LENGTH), context);
    Object.assign(position.attributes, {
      mediaId,
      mediaType: MEDIA_TYPES[type] ?? String(type),
      mediaFormat: MEDIA_FORMATS[format] ?? String(format),
      mediaEvent: event,
      mediaChannel: channel,
    });
    rememberMedia(state, mediaId);
  }
  const mediaId = rememberedMedia(state);
  if (mediaId === undefined || (packet !== null && packet.number < packet.total)) return { position };
  const body = Buffer.alloc(5);
  body.writeUInt32BE(mediaId, 0);
  return { position, reply: formatMessage(message, MEDIA_RESPONSE, body) };
}
