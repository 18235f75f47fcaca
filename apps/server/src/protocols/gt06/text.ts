import type { DecodedPosition } from '../types.ts';
import { newPosition, setText, trimmed } from './position.ts';
import type { ByteReader } from './reader.ts';
import { KEY } from '../../position/keys.ts';

/** The answer to the `WHERE#` command, which Traccar turns into a fix. */
const CURRENT_POSITION = new RegExp(
  '^Current position!Lat:([NS])(\\d+\\.\\d+),Lon:([EW])(\\d+\\.\\d+),Course:(\\d+\\.\\d+),Speed:(\\d+\\.\\d+),' +
    'DateTime:(\\d{4})-(\\d\\d)-(\\d\\d) +(\\d\\d):(\\d\\d):(\\d\\d)$',
);

/** Like Java's US-ASCII decoder: bytes above 0x7F become U+FFFD. */
function ascii(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u00ff]/g, '\ufffd');
}

/** Node has no UTF-16BE decoder: swap the bytes of each pair and read little-endian. */
function utf16be(bytes: Buffer): string {
  return Buffer.from(bytes.subarray(0, bytes.length & ~1)).swap16().toString('utf16le');
}

/**
 * 0x15, a command response: length of what follows (server flag included), the 4-byte server
 * flag, the text. An ICCID query answers `<ICCID:...>`, kept as `iccid` rather than `result`.
 */
export function readCommandResponse(body: ByteReader, receivedAt: Date): DecodedPosition {
  const position = newPosition(receivedAt);
  const length = body.u8();
  if (length > 0) {
    body.bytes(4); // server flag
    const text = ascii(body.bytes(length - 4));
    if (text.startsWith('<ICCID:')) position.attributes[KEY.iccid] = text.slice(7, 27);
    else if (text) position.attributes[KEY.result] = text;
  }
  return position;
}

/** 0x21, a text message: server flag, encoding (1 ASCII, else UTF-16BE), the text. */
export function readTextMessage(body: ByteReader, receivedAt: Date): DecodedPosition {
  body.bytes(4); // server flag
  const text = body.u8() === 1 ? ascii(body.rest()) : utf16be(body.rest());
  const position = newPosition(receivedAt);
  const match = CURRENT_POSITION.exec(text);
  if (!match) {
    if (text) position.attributes[KEY.result] = text;
    return position;
  }
  const [, north, latitude, east, longitude, course, speed, year, month, day, hour, minute, second] = match;
  position.outdated = false;
  position.valid = true;
  position.latitude = north === 'S' ? -Number(latitude) : Number(latitude);
  position.longitude = east === 'W' ? -Number(longitude) : Number(longitude);
  position.course = Number(course);
  // Stored as sent, like Traccar does, so that positions match between the two servers.
  position.speed = Number(speed);
  position.deviceTime = position.fixTime = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)),
  );
  return position;
}

/**
 * 0x9B, data passed through from a serial device: its type code, then the data, kept as text
 * when printable (CR and LF allowed), in hex otherwise.
 */
export function readSerialData(body: ByteReader, receivedAt: Date): DecodedPosition {
  body.skip(1); // external device type
  const data = body.rest();
  const position = newPosition(receivedAt);
  const printable = data.every((byte) => (byte >= 0x20 && byte < 0x80) || byte === 0x0d || byte === 0x0a);
  setText(position.attributes, KEY.result, printable ? trimmed(data.toString('latin1')) : data.toString('hex'));
  return position;
}
