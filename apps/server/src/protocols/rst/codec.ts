import type { StreamCodec } from '../codec.ts';
import { encodeRstCommand, RST_COMMAND_TYPES } from './commands.ts';
import { decodeRst } from './decoder.ts';
import { rstFraming } from './frame.ts';
import { RST_PROTOCOL } from './report.ts';

/** RST trackers over UDP only, as Traccar serves them (port 5196): text `RST;…;FIM;` messages. */
export const rstCodec: StreamCodec = {
  protocol: RST_PROTOCOL,
  ...rstFraming,
  decode: decodeRst,
  commandTypes: RST_COMMAND_TYPES,
  encodeCommand: encodeRstCommand,
};
