import { ProtocolError } from '../codec.ts';
import { lengthPrefixed } from '../kit/framing.ts';

/**
 * Eelink packages: `gg` (0x67 0x67), type, length of what follows (index and content), a 2-byte
 * index (the device's sequence number), content. Over TCP each package is a frame.
 */
export const PACKAGE_HEADER = Buffer.from('gg', 'latin1');
export const PACKAGE_HEAD_SIZE = 5;

/**
 * Over UDP a datagram is an envelope: `EL`, the length of what follows it, a checksum of what
 * follows that, the IMEI as 16 BCD digits (a leading 0), then one or more packages.
 */
export const ENVELOPE_HEADER = Buffer.from('EL', 'latin1');
const ENVELOPE_HEAD_SIZE = 4;
const IMEI_SIZE = 8;

export const tcpFraming = lengthPrefixed({ header: PACKAGE_HEADER, offset: 3, size: 2, adjust: PACKAGE_HEAD_SIZE });

/** `EL` datagrams end where their length says; bare packages are framed as over TCP. */
export function datagramLength(datagram: Buffer): number {
  if (datagram.length < 2 || !datagram.subarray(0, 2).equals(ENVELOPE_HEADER)) return tcpFraming.frameLength(datagram);
  if (datagram.length < ENVELOPE_HEAD_SIZE) throw new ProtocolError('eelink: truncated envelope');
  const length = datagram.readUInt16BE(2) + ENVELOPE_HEAD_SIZE;
  if (length > datagram.length || length < ENVELOPE_HEAD_SIZE + 2 + IMEI_SIZE) throw new ProtocolError(`eelink: envelope of impossible length ${length}`);
  return length;
}

export function datagramStart(buffer: Buffer, from: number): number {
  const envelope = buffer.indexOf(ENVELOPE_HEADER, from);
  const bare = buffer.indexOf(PACKAGE_HEADER, from);
  return envelope < 0 ? bare : bare < 0 ? envelope : Math.min(envelope, bare);
}

export function isEnvelope(frame: Buffer): boolean {
  return frame.length >= ENVELOPE_HEAD_SIZE && frame.subarray(0, 2).equals(ENVELOPE_HEADER);
}

/** A 16-bit sum rotated left by one bit before each byte is added. */
export function checksum(bytes: Buffer): number {
  let sum = 0;
  for (const byte of bytes) sum = (((sum << 1) | (sum >> 15)) + byte) & 0xffff;
  return sum;
}

/** An envelope's checksum covers the IMEI and packages; bare packages carry none. */
export function datagramChecksumValid(frame: Buffer): boolean {
  if (!isEnvelope(frame) || frame.length < 6) return true;
  return checksum(frame.subarray(6)) === frame.readUInt16BE(4);
}

/** The envelope's IMEI bytes, its identifier (the BCD digits without the leading 0) and the packages it carries. */
export function openEnvelope(frame: Buffer): { imei: Buffer; uniqueId: string; packages: Buffer } {
  if (frame.length < ENVELOPE_HEAD_SIZE + 2 + IMEI_SIZE) throw new ProtocolError('eelink: truncated envelope');
  const imei = frame.subarray(6, 6 + IMEI_SIZE);
  return { imei, uniqueId: imei.toString('hex').slice(1), packages: frame.subarray(6 + IMEI_SIZE) };
}

/** Packages in an envelope for a device reached over UDP; `imei` is its 8 BCD bytes. */
export function sealEnvelope(imei: Buffer, packages: Buffer): Buffer {
  const body = Buffer.concat([imei, packages]);
  const head = Buffer.alloc(6);
  ENVELOPE_HEADER.copy(head);
  head.writeUInt16BE(body.length + 2, 2);
  head.writeUInt16BE(checksum(body), 4);
  return Buffer.concat([head, body]);
}

/** The IMEI as the envelope carries it: `0` and the 15 digits, packed two per byte. */
export function imeiBytes(uniqueId: string): Buffer {
  const digits = `0${uniqueId}`;
  if (!/^[0-9a-fA-F]{16}$/.test(digits)) throw new ProtocolError(`eelink: ${uniqueId} is not a 15-digit IMEI`);
  return Buffer.from(digits, 'hex');
}

export function encodePackage(type: number, index: number, content: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(PACKAGE_HEAD_SIZE + 2);
  PACKAGE_HEADER.copy(head);
  head.writeUInt8(type, 2);
  head.writeUInt16BE(content.length + 2, 3);
  head.writeUInt16BE(index, 5);
  return Buffer.concat([head, content]);
}
