import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import { dropParts, gatherPart, joinParts, missingParts } from '../kit/media-parts.ts';
import { serverMessage } from './frame.ts';
import { outdatedPosition } from './position.ts';

/** Connection memory of the picture being gathered. */
const SLOT = 'meitrackPhoto';
/** The device sends a picture's packets eight at a time, each batch on request. */
const BATCH = 8;
/** The name the photo command (D03) gives the picture, by which it is then fetched. */
export const PHOTO_FILE = 'camera_picture.jpg';
/** The flag of the server's packet requests, as Traccar sends them. */
const REQUEST_FLAG = 'O';
const COMMA = 0x2c;
/** File name, packet count and packet number, before the packet's bytes. */
const HEAD = /^([^,\s]+),(\d{1,9}),(\d{1,9})$/;

/** `D00,<file>,<from>`: asks for the picture's packets from number `from`, a batch of them. */
function requestPackets(imei: string, file: string, from: number): Buffer {
  return serverMessage(REQUEST_FLAG, imei, `D00,${file},${from}`);
}

/**
 * The device's answer to the photo command (D03): the picture is taken, and fetched from its
 * first packet; whatever was gathered of another picture is dropped.
 */
export function decodePhotoTaken(imei: string, state: ConnectionState): DecodeResult {
  dropParts(state, SLOT);
  return { uniqueId: imei, reply: requestPackets(imei, PHOTO_FILE, 0) };
}

/**
 * `D00,<file>,<packet count>,<packet number>,<jpeg bytes>`: one packet of a picture, numbered
 * from 0. The packets are gathered until all are there: the picture is then an outdated
 * position carrying it as `image`. At the end of each batch (and at the last packet) the next
 * batch is asked for, from the first packet still missing, so that a lost one is sent again.
 */
export function decodePhotoPacket(imei: string, data: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const end = commaAt(data, 3);
  const head = end < 0 ? null : HEAD.exec(data.subarray(0, end).toString('latin1'));
  if (!head) throw new ProtocolError('meitrack: malformed D00 picture packet');
  const [, file, count, number] = head;
  const total = Number(count);
  const current = Number(number);
  if (current >= total) throw new ProtocolError(`meitrack: picture packet ${current} of ${total}`);
  const bytes = data.subarray(end + 1);
  const picture = gatherPart(state, SLOT, { file, key: current, data: bytes, count: total });
  if (!picture) return { uniqueId: imei };
  if (picture.parts.size === total) {
    dropParts(state, SLOT);
    const position = outdatedPosition(receivedAt);
    return { uniqueId: imei, positions: [position], media: [{ position, key: 'image', extension: 'jpg', data: joinParts(picture) }] };
  }
  if ((current + 1) % BATCH !== 0 && current !== total - 1) return { uniqueId: imei };
  return { uniqueId: imei, reply: requestPackets(imei, file, missingParts(picture, 0, total - 1, 1)[0]) };
}

/** Where the `count`-th comma is, -1 when there are fewer. */
function commaAt(data: Buffer, count: number): number {
  let at = -1;
  for (let n = 0; n < count; n++) {
    at = data.indexOf(COMMA, at + 1);
    if (at < 0) return -1;
  }
  return at;
}
