import type { StreamCodec } from '../codec.ts';
import { CALAMP_COMMAND_TYPES, encodeCalAmpCommand } from './commands.ts';
import { decodeCalAmp } from './decoder.ts';
import { CALAMP_PROTOCOL } from './report.ts';

/**
 * CalAmp LMU series (Traccar's calamp, port 5082) over UDP, its only transport: a datagram is one
 * message, with no length or checksum of its own.
 */
export const calampCodec: StreamCodec = {
  protocol: CALAMP_PROTOCOL,
  frameLength: (datagram) => datagram.length,
  decode: (datagram) => decodeCalAmp(datagram),
  commandTypes: CALAMP_COMMAND_TYPES,
  encodeCommand: encodeCalAmpCommand,
};
