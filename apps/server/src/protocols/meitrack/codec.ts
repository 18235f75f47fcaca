import type { StreamCodec } from '../codec.ts';
import { encodeMeitrackCommand, MEITRACK_COMMAND_TYPES } from './commands.ts';
import { decodeMeitrack } from './decoder.ts';
import { meitrackChecksumValid, meitrackDatagramLength, meitrackFrameLength, meitrackFrameStart } from './frame.ts';
import { MEITRACK_PROTOCOL } from './position.ts';

/** Meitrack (MVT, T1, T3, T366, P88L…) over TCP (Traccar port 5020): frames delimited by their length field. */
export const meitrackCodec: StreamCodec = {
  protocol: MEITRACK_PROTOCOL,
  frameLength: meitrackFrameLength,
  frameStart: meitrackFrameStart,
  decode: decodeMeitrack,
  checksumValid: meitrackChecksumValid,
  commandTypes: MEITRACK_COMMAND_TYPES,
  encodeCommand: encodeMeitrackCommand,
};

/** Meitrack over UDP, on the same port: one message per datagram. */
export const meitrackUdpCodec: StreamCodec = { ...meitrackCodec, frameLength: meitrackDatagramLength };
