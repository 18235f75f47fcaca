import { ProtocolError } from '../codec.ts';
import { crc16CcittFalse, crc16X25 } from '../kit/crc.ts';

/**
 * A Meiligao frame: `$$` (device to server; `@@` the other way, accepted from devices too), the
 * whole frame's length (u16), the device id as 7 BCD bytes padded with F nibbles,
 * the command (u16), its data, a CRC-16 of everything before it and CR LF. Big-endian.
 */
const DEVICE_HEADER = Buffer.from('$$', 'latin1');
const SERVER_HEADER = Buffer.from('@@', 'latin1');
const ID_LENGTH = 7;
const DATA_AT = 2 + 2 + ID_LENGTH + 2;
const TRAILER = 4;
const MIN_FRAME_LENGTH = DATA_AT + TRAILER;
const CR_LF = Buffer.from('\r\n', 'latin1');
/** Traccar's limit for these frames, which photo packets approach. */
const MAX_FRAME_LENGTH = 32 * 1024;

function checkHeader(buffer: Buffer): void {
  const first = buffer[0];
  if ((first !== DEVICE_HEADER[0] && first !== SERVER_HEADER[0]) || (buffer.length > 1 && buffer[1] !== first)) {
    throw new ProtocolError('meiligao: a frame starts with $$ or @@');
  }
}

/** TCP: the length field delimits frames. */
export function meiligaoFrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  checkHeader(buffer);
  if (buffer.length < 4) return 0;
  const length = buffer.readUInt16BE(2);
  if (length < MIN_FRAME_LENGTH || length > MAX_FRAME_LENGTH) throw new ProtocolError(`meiligao: frame length ${length} is impossible`);
  return buffer.length >= length ? length : 0;
}

/**
 * UDP: a datagram holds one message, and some firmware leaves its length field 0 or wrong (Traccar
 * reads datagrams without looking at it). A plausible length still splits what a datagram
 * concatenates; otherwise the datagram is the frame.
 */
export function meiligaoDatagramLength(datagram: Buffer): number {
  if (datagram.length === 0) return 0;
  checkHeader(datagram);
  const length = datagram.length >= 4 ? datagram.readUInt16BE(2) : 0;
  return length >= MIN_FRAME_LENGTH && length <= datagram.length ? length : datagram.length;
}

export function meiligaoFrameStart(buffer: Buffer, from: number): number {
  const starts = [buffer.indexOf(DEVICE_HEADER, from), buffer.indexOf(SERVER_HEADER, from)].filter((at) => at >= 0);
  return starts.length > 0 ? Math.min(...starts) : -1;
}

/** The CRC covers everything before it. Most devices use CCITT-FALSE, as Traccar's replies do; some X-25. */
export function meiligaoChecksumValid(frame: Buffer): boolean {
  if (frame.length < MIN_FRAME_LENGTH) return false;
  const end = frame.length - TRAILER;
  const checked = frame.subarray(0, end);
  const sent = frame.readUInt16BE(end);
  return crc16CcittFalse(checked) === sent || crc16X25(checked) === sent;
}

export interface MeiligaoFrame {
  /** The id field as sent, echoed in replies. */
  id: Buffer;
  command: number;
  /** The command's data, without checksum and CR LF. */
  data: Buffer;
}

export function splitFrame(frame: Buffer): MeiligaoFrame | null {
  if (frame.length < MIN_FRAME_LENGTH) return null;
  return {
    id: frame.subarray(4, 4 + ID_LENGTH),
    command: frame.readUInt16BE(4 + ID_LENGTH),
    data: frame.subarray(DATA_AT, frame.length - TRAILER),
  };
}

/** The device id: the BCD digits up to the first F nibble. */
export function uniqueIdOf(id: Buffer): string {
  const digits = id.toString('hex');
  const end = digits.indexOf('f');
  return end < 0 ? digits : digits.slice(0, end);
}

/** The id field for a device id: its first 14 digits, padded with F nibbles. */
export function idField(uniqueId: string): Buffer {
  if (!/^\d+$/.test(uniqueId)) throw new ProtocolError('meiligao: the device id must be digits');
  return Buffer.from(`${uniqueId}ffffffffffffff`.slice(0, 2 * ID_LENGTH), 'hex');
}

/** An `@@` frame to the device: replies and commands. */
export function encodeFrame(id: Buffer, command: number, content: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(4);
  SERVER_HEADER.copy(head);
  head.writeUInt16BE(DATA_AT + content.length + TRAILER, 2);
  const commandField = Buffer.alloc(2);
  commandField.writeUInt16BE(command);
  const unchecked = Buffer.concat([head, id, commandField, content]);
  const checksum = Buffer.alloc(2);
  checksum.writeUInt16BE(crc16CcittFalse(unchecked));
  return Buffer.concat([unchecked, checksum, CR_LF]);
}
