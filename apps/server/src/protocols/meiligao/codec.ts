import type { StreamCodec } from '../codec.ts';
import { encodeMeiligaoCommand, MEILIGAO_COMMAND_TYPES } from './commands.ts';
import { decodeMeiligao } from './decoder.ts';
import { meiligaoChecksumValid, meiligaoDatagramLength, meiligaoFrameLength, meiligaoFrameStart } from './frame.ts';
import { MEILIGAO_PROTOCOL } from './position.ts';

/** Meiligao (VT310, VT400 and compatible trackers) over TCP, Traccar's port 5009. */
export const meiligaoCodec: StreamCodec = {
  protocol: MEILIGAO_PROTOCOL,
  frameLength: meiligaoFrameLength,
  frameStart: meiligaoFrameStart,
  decode: decodeMeiligao,
  checksumValid: meiligaoChecksumValid,
  commandTypes: MEILIGAO_COMMAND_TYPES,
  encodeCommand: encodeMeiligaoCommand,
};

/** Over UDP, on the same port: a datagram is a message even when its length field is not right. */
export const meiligaoUdpCodec: StreamCodec = { ...meiligaoCodec, frameLength: meiligaoDatagramLength };
