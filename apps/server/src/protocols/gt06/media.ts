import { MAX_MEDIA_BYTES } from '../kit/media-parts.ts';
import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import { dropParts, gatherPart, joinParts } from '../kit/media-parts.ts';
import { encodePacket } from './frame.ts';
import type { Message } from './message.ts';
import { newPosition } from './position.ts';
import type { ByteReader } from './reader.ts';
import { extendedAcknowledgement } from './replies.ts';

/**
 * Photos and multimedia files, gathered in the connection memory (one file at a time, as
 * Traccar keeps one media buffer per connection) until as many bytes as announced are there;
 * the file is then an outdated position carrying it as `image`.
 */

/** Photo data, asked for by the server (`78 78`) and sent by the device (`79 79`). */
const PHOTO_DATA = 0x36;
/** The most photo data asked for at once, as Traccar asks. */
const CHUNK = 1024;
const SLOT = 'gt06Media';
/** The photo announced by 0x35, whose data is asked for: its id and size. */
const PHOTO = 'gt06Photo';

interface Photo {
  id: number;
  size: number;
}

function photoOf(state: ConnectionState): Photo | undefined {
  const photo = state.data[PHOTO];
  return typeof photo === 'object' && photo !== null ? (photo as Photo) : undefined;
}

/** Photo data request: picture id, offset, and how many bytes (up to 1 kB), serial 0. */
function photoRequest({ id, size }: Photo, offset: number): Buffer {
  const body = Buffer.alloc(10);
  body.writeUInt32BE(id, 0);
  body.writeUInt32BE(offset, 4);
  body.writeUInt16BE(Math.min(size - offset, CHUNK), 8);
  return encodePacket(PHOTO_DATA, body, 0);
}

/**
 * 0x35, an X1 photo taken: time, fix, coordinates, camera, source, format, size, picture id. Not
 * acknowledged: answered with the request for its first bytes. A photo bigger than the media
 * store takes is not asked for.
 */
export function readPhotoInfo(body: ByteReader, state: ConnectionState): DecodeResult {
  body.skip(6 + 1 + 4 + 4 + 1 + 1 + 1);
  const photo: Photo = { size: body.u32(), id: body.u32() };
  dropParts(state, SLOT);
  state.data[PHOTO] = photo;
  return photo.size > 0 && photo.size <= MAX_MEDIA_BYTES ? { reply: photoRequest(photo, 0) } : {};
}

/** `79 79` 0x36, photo data: picture id, offset, length, bytes. Each is answered with the request for the next. */
export function readPhotoData(body: ByteReader, state: ConnectionState, receivedAt: Date): DecodeResult {
  const id = body.u32();
  const offset = body.u32();
  const length = body.u16();
  if (length > body.remaining) throw new ProtocolError('gt06: photo data longer than its message');
  const photo = photoOf(state);
  if (photo?.id !== id) return {};
  const gathered = gatherPart(state, SLOT, { file: `photo ${id}`, key: offset, data: body.bytes(length), size: photo.size });
  if (!gathered) return {};
  if (gathered.bytes < photo.size) return { reply: photoRequest(photo, gathered.bytes) };
  dropParts(state, SLOT);
  state.data[PHOTO] = undefined;
  const position = newPosition(receivedAt);
  return { positions: [position], media: [{ position, key: 'image', extension: 'jpg', data: joinParts(gathered) }] };
}

/**
 * 0x41, a WD-209 multimedia file in packets: serial number, time, location and cell (not read,
 * as in Traccar), media id, size, type and format; a JPEG photo (type and format 0) then has its
 * event and the packet number, from 0, before its bytes. Every packet is acknowledged (`79 79`).
 */
export function readMultimedia(body: ByteReader, message: Message, state: ConnectionState): DecodeResult {
  body.skip(8);
  const time = new Date(body.u32() * 1000);
  body.skip(4 + 4 + 2 + 1 + 1 + 2 + 2 + 2 + 2 + 2);
  const mediaId = body.u32();
  const size = body.u32();
  const type = body.u8();
  const format = body.u8();
  const reply = extendedAcknowledgement(message);
  if (type !== 0 || format !== 0) return { reply };
  body.skip(1); // event
  const packet = body.u16();
  const gathered = gatherPart(state, SLOT, { file: `media ${mediaId}`, key: packet, data: body.rest(), size });
  if (!gathered || gathered.bytes < size) return { reply };
  dropParts(state, SLOT);
  const position = newPosition(time);
  return { positions: [position], media: [{ position, key: 'image', extension: 'jpg', data: joinParts(gathered) }], reply };
}
