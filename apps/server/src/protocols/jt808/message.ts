import { ProtocolError } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { ALTERNATIVE_DELIMITER, enclose, messageOf, xor } from './frame.ts';

/** Message types whose header carries a 1-byte serial and no sub-packaging (a vendor's own layout). */
const SHORT_INDEX_TYPES = new Set([0x5501, 0x5502]);

const VERSION_FLAG = 0x4000;
const PACKAGED_FLAG = 0x2000;
const MAX_BODY_LENGTH = 0x3ff;
const GENERAL_RESPONSE = 0x8001;

/** Who a message comes from or goes to, as its header writes it; replies reuse it. */
export interface Terminal {
  delimiter: number;
  /** The 2019 edition's protocol version; null for the 2011/2013 header. */
  version: number | null;
  /** The terminal id as sent: 6 BCD bytes (phone number), 7 in the 0xe7 variant, 10 in the 2019 edition. */
  id: Buffer;
}

export interface Jt808Message extends Terminal {
  type: number;
  attribute: number;
  /** Serial number, echoed in acknowledgements. */
  index: number;
  /** Numbering of a message split in several packages (attribute bit 13), package 1 first. */
  packet: { total: number; number: number } | null;
  /** Between header and checksum. */
  body: Buffer;
}

/** Header and body of a binary frame, unescaped. */
export function parseMessage(frame: Buffer): Jt808Message {
  const delimiter = frame[0];
  const message = messageOf(frame);
  const reader = new ByteReader(message.subarray(0, -1), 'jt808 message');
  const type = reader.u16();
  const attribute = reader.u16();
  const version = attribute & VERSION_FLAG ? reader.u8() : null;
  const id = reader.bytes(version !== null ? 10 : delimiter === ALTERNATIVE_DELIMITER ? 7 : 6);
  const shortIndex = SHORT_INDEX_TYPES.has(type);
  const index = shortIndex ? reader.u8() : reader.u16();
  const packet = !shortIndex && attribute & PACKAGED_FLAG ? { total: reader.u16(), number: reader.u16() } : null;
  return { delimiter, version, id, type, attribute, index, packet, body: reader.rest() };
}

/**
 * A message to the terminal, in the framing, edition and id of its own messages. The serial is 0
 * (or 1 where it is a single byte), as Traccar writes it.
 */
export function formatMessage(terminal: Terminal, type: number, body: Buffer, shortIndex = false): Buffer {
  if (body.length > MAX_BODY_LENGTH) throw new ProtocolError(`jt808: message body of ${body.length} bytes exceeds ${MAX_BODY_LENGTH}`);
  const head = Buffer.alloc(terminal.version !== null ? 5 : 4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(body.length | (terminal.version !== null ? VERSION_FLAG : 0), 2);
  if (terminal.version !== null) head[4] = terminal.version;
  const index = shortIndex ? Buffer.from([1]) : Buffer.alloc(2);
  const message = Buffer.concat([head, terminal.id, index, body]);
  return enclose(Buffer.concat([message, Buffer.from([xor(message)])]), terminal.delimiter);
}

/** The platform's general response (0x8001): the message's serial and type, result 0 (success). */
export function generalResponse(message: Jt808Message): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(message.index, 0);
  body.writeUInt16BE(message.type, 2);
  return formatMessage(message, GENERAL_RESPONSE, body);
}

/**
 * The device's identifier from its terminal id: the BCD digits (the SIM's phone number), or for
 * ids that are not decimal, the IMEI they pack in their first 6 bytes, with its Luhn digit.
 */
export function decodeId(id: Buffer): string {
  const digits = id.toString('hex');
  if (/^[0-9]+$/.test(digits)) return digits;
  const imei = id.readUInt16BE(0) * 2 ** 32 + id.readUInt32BE(2);
  return `${imei}${luhnDigit(imei)}`;
}

/** The id without its leading zeros, as devices are usually registered (the zeros only pad the BCD field). */
export function uniqueIdOf(id: Buffer): string {
  const full = decodeId(id);
  return full.replace(/^0+/, '') || full;
}

/** The terminal id of a device known only by its identifier (the inverse of `decodeId`). */
export function encodeId(uniqueId: string, length: 6 | 10): Buffer {
  if (!/^[0-9a-fA-F]+$/.test(uniqueId)) throw new ProtocolError(`jt808: ${uniqueId} is not a terminal id`);
  if (length === 10) {
    if (uniqueId.length > 20) throw new ProtocolError(`jt808: ${uniqueId} is longer than a terminal id`);
    return Buffer.from(uniqueId.padStart(20, '0'), 'hex');
  }
  if (uniqueId.length % 2 === 0) return Buffer.from(uniqueId, 'hex');
  // An odd count of digits is an IMEI: its number without the Luhn digit, in 6 bytes.
  const imei = Number(uniqueId.slice(0, -1));
  if (!Number.isSafeInteger(imei) || imei >= 2 ** 48) throw new ProtocolError(`jt808: ${uniqueId} is not a terminal id`);
  const id = Buffer.alloc(6);
  id.writeUIntBE(imei, 0, 6);
  return id;
}

function luhnDigit(value: number): number {
  let sum = 0;
  let rest = value;
  for (let position = 0; rest > 0; position += 1) {
    let digit = rest % 10;
    if (position % 2 === 0) {
      digit *= 2;
      if (digit >= 10) digit = 1 + (digit % 10);
    }
    sum += digit;
    rest = Math.floor(rest / 10);
  }
  return (10 - (sum % 10)) % 10;
}
