import { encodePacket } from './frame.ts';
import type { Message } from './message.ts';

const ADDRESS_RESPONSE = 0x97;
const TIME_REQUEST = 0x8a;

/** The plain acknowledgement: the message's protocol number and serial, in a `78 78` packet whatever the message's header. */
export function acknowledgement({ type, serial }: Message): Buffer {
  return encodePacket(type, Buffer.alloc(0), serial);
}

/** The acknowledgement of the AZ735 and dashcam messages, which expect the `79 79` header back. */
export function extendedAcknowledgement({ type, serial }: Message): Buffer {
  return encodePacket(type, Buffer.alloc(0), serial, true);
}

/**
 * Wi-Fi scans are answered with their own time, in a bare packet: header, length 0, protocol
 * number, the six time bytes, CR LF (no serial, no CRC).
 */
export function timeEcho(type: number, time: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x78, 0x78, 0x00, type]), time, Buffer.from('\r\n')]);
}

/** The answer to a time request (0x8A): the current UTC time, `yy MM dd HH mm ss`. */
export function timeResponse(now: Date): Buffer {
  const time = Buffer.from([
    now.getUTCFullYear() - 2000,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  ]);
  return encodePacket(TIME_REQUEST, time, 0);
}

/**
 * The answer to an address request (0x2A): no address known ("NA&&NA&&0##"), which the device
 * shows or forwards as is. Length of the text, a 4-byte server flag, the text.
 */
export function addressResponse(): Buffer {
  const text = Buffer.from('NA&&NA&&0##', 'ascii');
  return encodePacket(ADDRESS_RESPONSE, Buffer.concat([Buffer.from([text.length, 0, 0, 0, 0]), text]), 0, true);
}
