import type { ConnectionState, DecodeResult, StreamCodec } from '../codec.ts';
import { booleanSetting, modelOf } from '../kit/settings.ts';
import { decodeBinaryReport } from './binary.ts';
import { encodeGl200Command, GL200_COMMAND_TYPES } from './commands.ts';
import { gl200DatagramLength, gl200FrameLength, gl200FrameStart, isBinary, isRecordFormat } from './frame.ts';
import { modelFor } from './models.ts';
import { GL200_PROTOCOL, type DecodeContext } from './position.ts';
import { decodeText } from './text.ts';
import { decodeRecords } from './tlv.ts';

function decode(frame: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const context: DecodeContext = {
    receivedAt,
    ignoreFixTime: booleanSetting(state, 'gl200.ignoreFixTime') ?? false,
    model: (protocolVersion) => modelFor(modelOf(state), protocolVersion),
  };
  if (!isBinary(frame)) return decodeText(frame, context, booleanSetting(state, 'gl200.ack') ?? false);
  const report = isRecordFormat(frame) ? decodeRecords(frame, context) : decodeBinaryReport(frame, context);
  return report ? { uniqueId: report.uniqueId, positions: report.positions } : {};
}

/**
 * Queclink @Track devices (GL200/GL300/GL500 personal and asset trackers, GV55/GV300/GV350/
 * GV500/GV600 vehicle trackers, …) over TCP, Traccar's port 5004: text reports and the binary format.
 */
export const gl200Codec: StreamCodec = {
  protocol: GL200_PROTOCOL,
  frameLength: gl200FrameLength,
  frameStart: gl200FrameStart,
  decode,
  commandTypes: GL200_COMMAND_TYPES,
  encodeCommand: encodeGl200Command,
};

/** The same over UDP, on the same port: one message per datagram. */
export const gl200UdpCodec: StreamCodec = { ...gl200Codec, frameLength: gl200DatagramLength };
