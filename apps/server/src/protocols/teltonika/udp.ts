import type { StreamCodec } from '../codec.ts';
import { decodeAvlData, isAcknowledged } from './avl.ts';
import { encodeTeltonikaCommand, TELTONIKA_COMMAND_TYPES } from './commands.ts';
import { parseImei } from './imei.ts';
import { recordOptions } from './models.ts';
import { TELTONIKA_PROTOCOL } from './position.ts';
import { ByteReader } from '../kit/byte-reader.ts';

/**
 * Teltonika over UDP: every datagram is self-contained (length, packet id, packet type, AVL
 * packet id, IMEI, AVL data; no CRC) and is acknowledged with `0005 <packet id> 01 <AVL packet
 * id> <record count>`. Traccar writes 0 in place of the packet id; the Teltonika specification
 * echoes it, and so does this codec.
 */
export const teltonikaUdpCodec: StreamCodec = {
  protocol: TELTONIKA_PROTOCOL,

  frameLength(buffer) {
    if (buffer.length < 2) return 0;
    const total = 2 + buffer.readUInt16BE(0);
    return buffer.length >= total ? total : 0;
  },

  decode(frame, state, receivedAt) {
    const reader = new ByteReader(frame, 'UDP packet');
    reader.u16(); // length
    const packetId = reader.u16();
    reader.u8(); // packet type
    const avlPacketId = reader.u8();
    const uniqueId = parseImei(reader.bytes(reader.u16()));
    const { codec, count, positions } = decodeAvlData(reader.rest(), receivedAt, recordOptions(state));
    if (!isAcknowledged(codec)) return { uniqueId, positions };
    const reply = Buffer.alloc(7);
    reply.writeUInt16BE(5, 0);
    reply.writeUInt16BE(packetId, 2);
    reply.writeUInt8(0x01, 4);
    reply.writeUInt8(avlPacketId, 5);
    reply.writeUInt8(count, 6);
    return { uniqueId, positions, reply };
  },

  commandTypes: TELTONIKA_COMMAND_TYPES,
  encodeCommand: (command) => encodeTeltonikaCommand(command),
};
