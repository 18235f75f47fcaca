import type { StreamCodec } from '../codec.ts';
import { encodePstCommand, PST_COMMAND_TYPES } from './commands.ts';
import { decodePst, PST_PROTOCOL } from './decoder.ts';
import { crcValid, frame, isFramed, pstFrameLength, pstFrameStart, unframe } from './frame.ts';

/**
 * Pósitron trackers (Traccar's pst, port 5207) over TCP: messages between `(` and `)`, escaped,
 * and so are the acknowledgements and commands sent back. A bare message (as Traccar's decoder
 * tests give them) is taken as it is.
 */
export const pstCodec: StreamCodec = {
  protocol: PST_PROTOCOL,
  frameLength: pstFrameLength,
  frameStart: pstFrameStart,
  decode(bytes) {
    const framed = isFramed(bytes);
    const { ack, ...result } = decodePst(framed ? unframe(bytes) : bytes);
    return { ...result, reply: framed ? frame(ack) : ack };
  },
  checksumValid(bytes) {
    try {
      return crcValid(isFramed(bytes) ? unframe(bytes) : bytes);
    } catch {
      return false;
    }
  },
  commandTypes: PST_COMMAND_TYPES,
  encodeCommand: (command, state) => frame(encodePstCommand(command, state)),
};

/** The same over UDP: a datagram is one bare message, answered and commanded bare. */
export const pstUdpCodec: StreamCodec = {
  protocol: PST_PROTOCOL,
  frameLength: (datagram) => datagram.length,
  decode(message) {
    const { ack, ...result } = decodePst(message);
    return { ...result, reply: ack };
  },
  checksumValid: crcValid,
  commandTypes: PST_COMMAND_TYPES,
  encodeCommand: encodePstCommand,
};
