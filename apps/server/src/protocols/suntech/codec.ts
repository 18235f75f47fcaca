import { ProtocolError, type ConnectionState, type StreamCodec } from '../codec.ts';
import { booleanSetting, numberSetting } from '../kit/settings.ts';
import { decodeBinaryReport } from './binary.ts';
import { encodeSuntechCommand, SUNTECH_COMMAND_TYPES } from './commands.ts';
import { remember } from './connection.ts';
import { decodeLegacyReport, decodeTravelReport } from './legacy.ts';
import type { SuntechMessage } from './message.ts';
import { DEFAULT_SUNTECH_OPTIONS, type SuntechOptions } from './options.ts';
import { SUNTECH_PROTOCOL } from './position.ts';
import { decodeSt4xxReport } from './st4xx.ts';
import { decodeSt9xxReport } from './st9xx.ts';
import { decodeUniversalReport } from './universal.ts';

const CR = 0x0d;
const LF = 0x0a;
const FIELD_SEPARATOR = 0x3b;
/** First byte of the compressed (zip) report format, which is not supported. */
const ZIP_HEADER = 0x02;

/**
 * Suntech ST300/ST340/ST4300 family and relatives over TCP. Reports are text lines ended by CR
 * (some devices send CR LF); binary universal reports are length-prefixed. Like Traccar, the
 * server never replies, not even to the ALV keep-alive.
 */
export function createSuntechCodec(options: Partial<SuntechOptions> = {}): StreamCodec {
  const defaults: SuntechOptions = { ...DEFAULT_SUNTECH_OPTIONS, ...options };
  return {
    protocol: SUNTECH_PROTOCOL,
    frameLength,
    decode(frame, state, receivedAt) {
      const message = decodeFrame(frame, state, optionsOf(state, defaults), receivedAt);
      return message ? { uniqueId: message.uniqueId, positions: message.positions } : {};
    },
    commandTypes: SUNTECH_COMMAND_TYPES,
    encodeCommand: encodeSuntechCommand,
  };
}

/** The device's own settings (device → group → server, Traccar's keys) over the codec's defaults. */
function optionsOf(state: ConnectionState, defaults: SuntechOptions): SuntechOptions {
  return {
    hbm: numberSetting(state, 'suntech.hbm') ?? defaults.hbm,
    includeAdc: booleanSetting(state, 'suntech.includeAdc') ?? defaults.includeAdc,
    includeRpm: booleanSetting(state, 'suntech.includeRpm') ?? defaults.includeRpm,
    includeTemp: booleanSetting(state, 'suntech.includeTemp') ?? defaults.includeTemp,
    protocolType: numberSetting(state, 'suntech.protocolType') ?? defaults.protocolType,
  };
}

/** With Traccar's default settings. */
export const suntechCodec = createSuntechCodec();

function frameLength(buffer: Buffer): number {
  const first = buffer[0];
  if (first === undefined) return 0;
  if (first === ZIP_HEADER) throw unsupportedZip();
  if (!isTextStart(first)) {
    // Binary reports open with their type and a length whose high byte is 0.
    if (buffer.length < 2) return 0;
    if (buffer[1] !== 0) throw new ProtocolError('not a Suntech report');
  }
  if (buffer.length >= 2 && buffer[1] === 0) {
    if (buffer.length < 3) return 0;
    const total = 3 + buffer.readUInt16BE(1);
    return buffer.length >= total ? total : 0;
  }
  // A line break inside a report only ends a UEX serial payload, and the next field follows at
  // once: a CR, or CR LF, followed by `;` does not end the report.
  for (let cr = buffer.indexOf(CR); cr >= 0; cr = buffer.indexOf(CR, cr + 1)) {
    const end = buffer[cr + 1] === LF ? cr + 2 : cr + 1;
    if (buffer[end] !== FIELD_SEPARATOR) return end;
  }
  return 0;
}

/** Printable ASCII, or a line break left over from a CR LF split across reads. */
function isTextStart(byte: number): boolean {
  return (byte >= 0x20 && byte < 0x7f) || byte === CR || byte === LF;
}

function unsupportedZip(): ProtocolError {
  return new ProtocolError('compressed (zip) Suntech reports are not supported');
}

function decodeFrame(frame: Buffer, state: ConnectionState, options: SuntechOptions, receivedAt: Date): SuntechMessage | null {
  if (frame[0] === ZIP_HEADER) throw unsupportedZip();
  if (frame.length >= 2 && frame[1] === 0) {
    remember(state, { universal: true });
    return decodeBinaryReport(frame, receivedAt);
  }
  const text = frame.toString('latin1').replace(/^\n+/, '').replace(/\r\n?$/, '');
  if (text === '') return null;
  const values = text.split(';');
  const head = values[0];
  remember(state, { lastHead: head });
  // Universal reports start with the bare type (`STT`), legacy ones with the model family (`ST300STT`).
  if (head.length < 5) {
    remember(state, { universal: true });
    return decodeUniversalReport(values, receivedAt);
  }
  if (head.endsWith('HTE')) return decodeTravelReport(values, receivedAt);
  if (head.startsWith('ST9')) return decodeSt9xxReport(values, options);
  if (head.startsWith('ST4')) return decodeSt4xxReport(values, receivedAt);
  if (head.startsWith('S')) return decodeLegacyReport(values, options, receivedAt);
  return null;
}
