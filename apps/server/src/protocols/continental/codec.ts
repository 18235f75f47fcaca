import type { StreamCodec } from '../codec.ts';
import { CONTINENTAL_COMMAND_TYPES, encodeContinentalCommand } from './commands.ts';
import { CONTINENTAL_PROTOCOL, decodeContinental } from './decoder.ts';
import { continentalFraming } from './frame.ts';

/** Continental trackers over TCP (Traccar port 5161): length-prefixed binary `SV` frames. */
export const continentalCodec: StreamCodec = {
  protocol: CONTINENTAL_PROTOCOL,
  ...continentalFraming,
  decode: decodeContinental,
  commandTypes: CONTINENTAL_COMMAND_TYPES,
  encodeCommand: encodeContinentalCommand,
};
