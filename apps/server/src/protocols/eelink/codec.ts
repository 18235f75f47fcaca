import type { StreamCodec } from '../codec.ts';
import { EELINK_COMMAND_TYPES, encodeEelinkCommand, encodeEelinkUdpCommand } from './commands.ts';
import { decodeEelink } from './decoder.ts';
import { datagramChecksumValid, datagramLength, datagramStart, tcpFraming } from './frame.ts';
import { EELINK_PROTOCOL } from './position.ts';

/** Eelink trackers over TCP (Traccar port 5064): one `gg` package per frame, identified by the login package. */
export const eelinkCodec: StreamCodec = {
  protocol: EELINK_PROTOCOL,
  ...tcpFraming,
  decode: decodeEelink,
  commandTypes: EELINK_COMMAND_TYPES,
  encodeCommand: encodeEelinkCommand,
};

/** Eelink over UDP on the same port: `EL` envelopes that name the device in every datagram, with a checksum. */
export const eelinkUdpCodec: StreamCodec = {
  ...eelinkCodec,
  frameLength: datagramLength,
  frameStart: datagramStart,
  checksumValid: datagramChecksumValid,
  encodeCommand: encodeEelinkUdpCommand,
};
