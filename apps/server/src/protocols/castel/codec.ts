import type { StreamCodec } from '../codec.ts';
import { CASTEL_COMMAND_TYPES, encodeCastelCommand } from './commands.ts';
import { decodeCastel } from './decoder.ts';
import { castelChecksumValid, castelFrameLength, castelFrameStart } from './frame.ts';
import { CASTEL_PROTOCOL } from './position.ts';

/**
 * Castel (CC830/CC850 OBD trackers, also sold as Idd-213, and the CC and MPIP families) on
 * Traccar's port 5086. Frames carry their own length, so one codec serves TCP and UDP datagrams.
 */
export const castelCodec: StreamCodec = {
  protocol: CASTEL_PROTOCOL,
  frameLength: castelFrameLength,
  frameStart: castelFrameStart,
  decode: decodeCastel,
  checksumValid: castelChecksumValid,
  commandTypes: CASTEL_COMMAND_TYPES,
  encodeCommand: encodeCastelCommand,
};
