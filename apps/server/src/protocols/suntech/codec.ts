import { ProtocolError, type ConnectionState, type StreamCodec } from '../codec.ts';
import { booleanSetting, numberSetting } from '../kit/settings.ts';
import { decodeBinaryReport } from './binary.ts';
import { encodeSuntechCommand, SUNTECH_COMMAND_TYPES } from './commands.ts';
import { remember } from './connection.ts';
import { crashFrameLength, decodeCrashReport } from './crash.ts';
import { decodeLegacyReport, decodeTravelReport } from './legacy.ts';
import type { SuntechMessage } from './message.ts';
import { DEFAULT_SUNTECH_OPTIONS, type SuntechOptions } from './options.ts';
import { SUNTECH_PROTOCOL } from './position.ts';
import { decodeSt4xxReport } from './st4xx.ts';
import { decodeSt9xxReport } from './st9xx.ts';
import { decodeUniversalReport } from './universal.ts';
import { decodeZipReport, ZIP_HEADER } from './zip.ts';

const CR = 0x0d;
const LF = 0x0a;
const FIELD_SEPARATOR = 0x3b;
/** A text report this long without its CR is garbage, not a slow device. */
const MAX_TEXT_LENGTH = 8192;
const CRASH_HEAD = Buffer.from('CRR;');
/** Heads of text reports: `ST300STT;`, `SA200ALV;`, `ST910;`, universal `STT;`, `CRR;`... */
const TEXT_HEAD = /^[A-Z]{2}[A-Z0-9]{1,6};/;
/** The same, cut short by the end of the data. */
const PARTIAL_HEAD = /^[A-Z]{1,2}[A-Z0-9]{0,6}$/;
const LONGEST_HEAD = 9;

/**
 * Suntech ST300/ST340/ST4300 family and relatives over TCP. Reports are text lines ended by CR
 * (some devices send CR LF); binary universal and compressed reports are length-prefixed, and
 * crash reports carry the length of their binary data. Like Traccar, the server never replies,
 * not even to the ALV keep-alive.
 */
export function createSuntechCodec(options: Partial<SuntechOptions> = {}): StreamCodec {
  const defaults: SuntechOptions = { ...DEFAULT_SUNTECH_OPTIONS, ...options };
  return {
    protocol: SUNTECH_PROTOCOL,
    frameLength,
    frameStart,
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
  // Compressed reports: header, length, that many bytes, footer.
  if (first === ZIP_HEADER) return buffer.length < 3 ? 0 : whole(buffer, 4 + buffer.readUInt16BE(1));
  if (!isTextStart(first)) {
    // Binary reports open with their type and a length whose high byte is 0.
    if (buffer.length < 2) return 0;
    if (buffer[1] !== 0) throw new ProtocolError('not a Suntech report');
  }
  if (buffer.length >= 2 && buffer[1] === 0) return buffer.length < 3 ? 0 : whole(buffer, 3 + buffer.readUInt16BE(1));
  const head = buffer.subarray(0, CRASH_HEAD.length);
  if (head.equals(CRASH_HEAD)) return crashFrameLength(buffer);
  if (head.length < CRASH_HEAD.length && CRASH_HEAD.subarray(0, head.length).equals(head)) return 0;
  // A line break inside a report only ends a UEX serial payload, and the next field follows at
  // once: a CR, or CR LF, followed by `;` does not end the report.
  for (let cr = buffer.indexOf(CR); cr >= 0; cr = buffer.indexOf(CR, cr + 1)) {
    const end = buffer[cr + 1] === LF ? cr + 2 : cr + 1;
    if (buffer[end] !== FIELD_SEPARATOR) return end;
  }
  if (buffer.length > MAX_TEXT_LENGTH) throw new ProtocolError(`no report end in ${buffer.length} bytes`);
  return 0;
}

function whole(buffer: Buffer, length: number): number {
  return buffer.length >= length ? length : 0;
}

/** Where a report may start: a text head, or a binary or compressed report's type and the high byte of its length. */
function frameStart(buffer: Buffer, from: number): number {
  for (let at = Math.max(from, 0); at < buffer.length; at++) {
    const byte = buffer[at];
    if (byte === ZIP_HEADER || (byte >= 0x80 && byte <= 0x8f)) {
      if (at + 1 === buffer.length || buffer[at + 1] === 0) return at;
      continue;
    }
    const head = buffer.toString('latin1', at, at + LONGEST_HEAD);
    if (TEXT_HEAD.test(head) || (at + head.length === buffer.length && PARTIAL_HEAD.test(head))) return at;
  }
  return -1;
}

/** Printable ASCII, or a line break left over from a CR LF split across reads. */
function isTextStart(byte: number): boolean {
  return (byte >= 0x20 && byte < 0x7f) || byte === CR || byte === LF;
}

function decodeFrame(frame: Buffer, state: ConnectionState, options: SuntechOptions, receivedAt: Date): SuntechMessage | null {
  if (frame[0] === ZIP_HEADER) return decodeZipReport(frame, options);
  if (frame.length >= 2 && frame[1] === 0) {
    remember(state, { universal: true });
    return decodeBinaryReport(frame, receivedAt);
  }
  if (frame.subarray(0, CRASH_HEAD.length).equals(CRASH_HEAD)) {
    remember(state, { lastHead: 'CRR' });
    return decodeCrashReport(frame, state);
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
