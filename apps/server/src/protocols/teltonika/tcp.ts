import { ProtocolError, type StreamCodec } from '../codec.ts';
import { decodeAvlData, isAcknowledged } from './avl.ts';
import { encodeTeltonikaCommand, TELTONIKA_COMMAND_TYPES, uint32 } from './commands.ts';
import { crc16Ibm } from './crc.ts';
import { MAX_IMEI_LENGTH, parseImei } from './imei.ts';
import { recordOptions } from './models.ts';
import { TELTONIKA_PROTOCOL } from './position.ts';

/** A lone 0xFF byte keeps the connection alive between packets. */
const KEEP_ALIVE = 0xff;
/** Preamble and data length before the AVL data; CRC after it. */
const HEADER_LENGTH = 8;
const CRC_LENGTH = 4;
/** Codec id and the two record counts: the least AVL data can hold. */
const MIN_DATA_LENGTH = 3;
const IMEI_ACCEPTED = Buffer.from([0x01]);
/** Far above any real AVL packet: a larger length is garbage, refused at once instead of buffered. */
const MAX_DATA_LENGTH = 64 * 1024;

/**
 * Teltonika over TCP. A connection opens with the IMEI (2-byte length + ASCII), answered 0x01
 * once the device is known; then AVL packets (4 zero bytes, data length, AVL data, CRC-16/IBM in
 * 4 bytes), each acknowledged with its record count once stored.
 */
export const teltonikaCodec: StreamCodec = {
  protocol: TELTONIKA_PROTOCOL,

  frameLength(buffer) {
    if (buffer[0] === KEEP_ALIVE) return 1;
    if (buffer.length < 2) return 0;
    const imeiLength = buffer.readUInt16BE(0);
    if (imeiLength > 0) {
      if (imeiLength > MAX_IMEI_LENGTH) throw new ProtocolError('neither an IMEI nor an AVL packet');
      return buffer.length >= 2 + imeiLength ? 2 + imeiLength : 0;
    }
    if (buffer.length < HEADER_LENGTH) return 0;
    if (buffer.readUInt16BE(2) !== 0) throw new ProtocolError('AVL packet without its zero preamble');
    const dataLength = buffer.readUInt32BE(4);
    if (dataLength < MIN_DATA_LENGTH) throw new ProtocolError(`AVL data length ${dataLength} is too short`);
    if (dataLength > MAX_DATA_LENGTH) throw new ProtocolError(`AVL data length ${dataLength} is implausible`);
    const total = HEADER_LENGTH + dataLength + CRC_LENGTH;
    return buffer.length >= total ? total : 0;
  },

  frameStart(buffer, from) {
    for (let at = Math.max(from, 0); at < buffer.length; at += 1) {
      if (buffer[at] !== 0) continue;
      const next = at + 1 < buffer.length ? buffer[at + 1] : 0;
      // The IMEI's length, or (as far as the buffer goes) the zero preamble.
      if ((next > 0 && next <= MAX_IMEI_LENGTH) || buffer.subarray(at, at + 4).every((byte) => byte === 0)) return at;
    }
    return -1;
  },

  decode(frame, state, receivedAt) {
    if (frame.length === 1 && frame[0] === KEEP_ALIVE) return {};
    if (frame.length < 2) throw new ProtocolError('frame is truncated');
    if (frame.readUInt16BE(0) > 0) return { uniqueId: parseImei(frame.subarray(2)), reply: IMEI_ACCEPTED };
    // Read as far as the records go, whatever the declared length says (Traccar's leniency).
    const { codec, count, positions } = decodeAvlData(frame.subarray(HEADER_LENGTH), receivedAt, recordOptions(state));
    return { positions, reply: isAcknowledged(codec) ? uint32(count) : undefined };
  },

  // Traccar does not check it; an unacknowledged packet is resent, a corrupted one stored is lost.
  checksumValid(frame) {
    // The IMEI and the keep-alive carry none.
    if (frame.length < HEADER_LENGTH + CRC_LENGTH || frame.readUInt16BE(0) !== 0) return true;
    return frame.readUInt32BE(frame.length - CRC_LENGTH) === crc16Ibm(frame.subarray(HEADER_LENGTH, frame.length - CRC_LENGTH));
  },

  commandTypes: TELTONIKA_COMMAND_TYPES,
  encodeCommand: (command) => encodeTeltonikaCommand(command),
};
