import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { encodePackage, isEnvelope, openEnvelope, PACKAGE_HEADER, sealEnvelope } from './frame.ts';
import { decodeLegacy } from './legacy.ts';
import { decodeCommandResult, decodeHeartbeat, decodeObd } from './messages.ts';
import { MessageType } from './position.ts';
import { decodeReport } from './report.ts';

const LEGACY_TYPES = new Set<number>([MessageType.gps, MessageType.alarm, MessageType.state, MessageType.sms]);
/** The device expects no answer to these; every other package is acknowledged with its type and index. */
const UNACKNOWLEDGED = new Set<number>([MessageType.gps, MessageType.data]);
const LOGIN_ACK_VERSION = 1;

/**
 * A TCP package or a UDP envelope of packages. Each package but GPS and data is acknowledged by
 * an empty package of its type and index (the login's carries the server time, protocol version 1
 * and an empty action mask); over UDP the acknowledgements travel in one envelope with the IMEI.
 */
export function decodeEelink(frame: Buffer, _state: ConnectionState, receivedAt: Date): DecodeResult {
  const envelope = isEnvelope(frame) ? openEnvelope(frame) : null;
  let uniqueId = envelope?.uniqueId;
  const reader = new ByteReader(envelope ? envelope.packages : frame, 'eelink package');
  const positions: DecodedPosition[] = [];
  const acks: Buffer[] = [];
  while (reader.remaining > 0) {
    if (!reader.bytes(2).equals(PACKAGE_HEADER)) throw new ProtocolError('eelink: package without its gg header');
    const type = reader.u8();
    const content = new ByteReader(reader.bytes(reader.u16()), 'eelink package');
    const index = content.u16();
    if (!UNACKNOWLEDGED.has(type)) acks.push(encodePackage(type, index, type === MessageType.login ? loginAck(receivedAt) : undefined));
    if (type === MessageType.login) {
      uniqueId ??= content.bcd(8).slice(1);
      continue;
    }
    const position = decodePackage(type, index, content, receivedAt);
    if (position) positions.push(position);
  }
  const result: DecodeResult = { positions };
  if (uniqueId) result.uniqueId = uniqueId;
  if (acks.length > 0) result.reply = envelope ? sealEnvelope(envelope.imei, Buffer.concat(acks)) : Buffer.concat(acks);
  return result;
}

function decodePackage(type: number, index: number, content: ByteReader, receivedAt: Date): DecodedPosition | null {
  if (LEGACY_TYPES.has(type)) return decodeLegacy(type, index, content);
  if (type >= MessageType.normal && type <= MessageType.obdCode) return decodeReport(type, index, content);
  if ((type === MessageType.heartbeat && content.remaining >= 2) || (type === MessageType.obd && content.remaining === 4)) {
    return decodeHeartbeat(content, receivedAt);
  }
  if (type === MessageType.obd) return decodeObd(content);
  if (type === MessageType.downlink) return decodeCommandResult(content, index, receivedAt);
  return null;
}

function loginAck(receivedAt: Date): Buffer {
  const content = Buffer.alloc(7);
  content.writeUInt32BE(Math.floor(receivedAt.getTime() / 1000), 0);
  content.writeUInt16BE(LOGIN_ACK_VERSION, 4);
  content.writeUInt8(0, 6); // action mask: nothing asked of the device
  return content;
}
