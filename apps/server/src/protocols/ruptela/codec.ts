import type { StreamCodec } from '../codec.ts';
import { encodeRuptelaCommand, RUPTELA_COMMAND_TYPES } from './commands.ts';
import { decodeRuptela } from './decoder.ts';
import { ruptelaFrameLength, ruptelaFrameStart } from './frame.ts';
import { RUPTELA_PROTOCOL } from './records.ts';

/**
 * Ruptela (FM-Eco, FM-Pro, Trace…) over TCP (Traccar port 5046). The CRC is checked while
 * framing (a frame without marker is only known by it), so there is no separate checksum test.
 */
export const ruptelaCodec: StreamCodec = {
  protocol: RUPTELA_PROTOCOL,
  frameLength: ruptelaFrameLength,
  frameStart: ruptelaFrameStart,
  decode: decodeRuptela,
  commandTypes: RUPTELA_COMMAND_TYPES,
  encodeCommand: encodeRuptelaCommand,
};
