import type { DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { readOptions } from './options.ts';
import { decodeReport, REPORT_TYPES } from './report.ts';

/** Service types: the device asks for an acknowledgement with 1; the server's answers are 2. */
const ACKNOWLEDGED = 1;
const RESPONSE = 2;
const MSG_ACK = 1;

/**
 * `[options header] <service> <message type> <sequence u16> <body>`. The options header names
 * the device (its mobile id); a datagram without one comes from a device already known by its
 * address. Event, locate, mini event and user data messages give a position; the others (ID
 * report, application data, configuration…) are only acknowledged where asked.
 */
export function decodeCalAmp(datagram: Buffer): DecodeResult {
  const reader = new ByteReader(datagram, 'calamp message');
  const uniqueId = readOptions(reader);
  const service = reader.u8();
  const type = reader.u8();
  const sequence = reader.u16();
  const result: DecodeResult = {};
  if (uniqueId !== undefined) result.uniqueId = uniqueId;
  if (service === ACKNOWLEDGED) result.reply = acknowledgement(type, sequence);
  if (REPORT_TYPES.has(type)) result.positions = [decodeReport(type, reader)];
  return result;
}

/** `02 01 <sequence> <type acknowledged> <ack 0 = success> 00 000000`. */
function acknowledgement(type: number, sequence: number): Buffer {
  const ack = Buffer.alloc(10);
  ack.writeUInt8(RESPONSE, 0);
  ack.writeUInt8(MSG_ACK, 1);
  ack.writeUInt16BE(sequence, 2);
  ack.writeUInt8(type, 4);
  return ack;
}
