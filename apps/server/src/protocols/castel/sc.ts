import { KEY } from '../../position/keys.ts';
import type { DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { applyAlarmEvent } from './alarms.ts';
import { readComprehensiveTags } from './comprehensive.ts';
import { encodeFrame, type CastelFrame } from './frame.ts';
import { dtcOf, readPidValues } from './obd.ts';
import { readFix, statusPosition } from './position.ts';
import { readCell } from './cell.ts';
import { applyStat, applyStateAlarms, readStat } from './stat.ts';

/** SC message types (protocol versions 3 and 4: CC830, CC850, Idd-213 and relatives). */
const SC = {
  login: 0x1001,
  logout: 0x1002,
  heartbeat: 0x1003,
  gps: 0x4001,
  pidData: 0x4002,
  gSensor: 0x4003,
  obdData: 0x4005,
  dtcsPassenger: 0x4006,
  alarm: 0x4007,
  cell: 0x4008,
  gpsSleep: 0x4009,
  dtcsCommercial: 0x400b,
  fuel: 0x400e,
  comprehensive: 0x401f,
  agpsRequest: 0x5101,
  queryResponse: 0xa002,
  currentLocation: 0xb001,
} as const;

const LOGIN_RESPONSE = 0x9001;
const HEARTBEAT_RESPONSE = 0x9003;
const ALARM_RESPONSE = 0xc007;

/** Accelerometer samples are in 1/64 g. */
const G_PER_UNIT = 0.015625;

export function decodeSc(frame: CastelFrame, receivedAt: Date): DecodeResult {
  const reader = new ByteReader(frame.body, 'castel message');
  const answer = (type: number, content?: Buffer) => encodeFrame(frame.version, frame.id, type, content);
  switch (frame.type) {
    case SC.heartbeat:
      return { reply: answer(HEARTBEAT_RESPONSE) };
    case SC.login:
      return { positions: readFixReport(frame.type, reader), reply: answer(LOGIN_RESPONSE, loginContent(receivedAt)) };
    case SC.alarm: {
      // The answer echoes the alarm's index so that the device stops repeating it.
      const index = reader.bytes(4);
      return { positions: readFixReport(frame.type, reader), reply: answer(ALARM_RESPONSE, index) };
    }
    case SC.gps:
    case SC.logout:
    case SC.fuel:
    case SC.currentLocation:
      return { positions: readFixReport(frame.type, reader) };
    case SC.comprehensive:
      return { positions: readComprehensive(reader, receivedAt) };
    case SC.gpsSleep:
      reader.skip(4); // device time
      return { positions: [readFix(reader)] };
    case SC.agpsRequest:
      return { positions: [readFix(reader)] };
    case SC.pidData:
    case SC.gSensor:
    case SC.obdData:
    case SC.dtcsPassenger:
    case SC.dtcsCommercial:
    case SC.cell:
      return { positions: [readStatusReport(frame.type, reader, receivedAt)] };
    case SC.queryResponse:
      return { positions: [readQueryResponse(reader, receivedAt)] };
    default:
      return {};
  }
}

/** The login answer: 0xFFFFFFFF, two zero bytes and the server's time (Unix seconds), little-endian. */
function loginContent(receivedAt: Date): Buffer {
  const content = Buffer.alloc(10);
  content.writeUInt32LE(0xffffffff, 0);
  content.writeUInt32LE(Math.floor(receivedAt.getTime() / 1000), 6);
  return content;
}

/**
 * Messages carrying fixes: a type-specific prefix, the trip statistics, then the fixes (count
 * byte, GPS blocks) and a type-specific suffix. Without a fix there is nothing to store.
 */
function readFixReport(type: number, reader: ByteReader): DecodedPosition[] {
  if (type === SC.gps) reader.skip(1); // historical flag
  if (type === SC.currentLocation) reader.skip(2);
  const positions = readStatAndFixes(reader);
  if (type === SC.alarm) readAlarms(reader, positions);
  if (type === SC.fuel) for (const position of positions) position.attributes['adc1'] = reader.u16le();
  return positions;
}

function readStatAndFixes(reader: ByteReader): DecodedPosition[] {
  const stat = readStat(reader);
  const count = reader.u8();
  return Array.from({ length: count }, () => {
    const position = readFix(reader);
    applyStat(position.attributes, stat);
    return position;
  });
}

/** Alarm records: active flag, event code, description and threshold; every fix gets the active ones. */
function readAlarms(reader: ByteReader, positions: DecodedPosition[]): void {
  const count = reader.u8();
  for (let i = 0; i < count; i++) {
    const active = reader.u8() !== 0;
    const event = reader.u8();
    reader.skip(4);
    if (active) for (const position of positions) applyAlarmEvent(position.attributes, event);
  }
}

/**
 * Fixes followed by tagged sensor blocks, which belong to the latest fix; without a fix they
 * make a position of their own at the last known location.
 */
function readComprehensive(reader: ByteReader, receivedAt: Date): DecodedPosition[] {
  reader.skip(1 + 4); // historical flag, index
  const positions = readStatAndFixes(reader);
  if (positions.length === 0) positions.push(statusPosition(receivedAt));
  readComprehensiveTags(reader, positions[positions.length - 1].attributes);
  return positions;
}

/** OBD, accelerometer, trouble code and cell reports: the statistics, then their own data. */
function readStatusReport(type: number, reader: ByteReader, receivedAt: Date): DecodedPosition {
  const position = statusPosition(receivedAt);
  const { attributes } = position;
  const stat = readStat(reader);
  applyStat(attributes, stat);
  applyStateAlarms(attributes, stat);
  switch (type) {
    case SC.pidData:
      reader.skip(2); // sample rate
      readPidValues(reader, attributes, true);
      break;
    case SC.obdData:
      reader.skip(1); // flag
      readPidValues(reader, attributes, false);
      break;
    case SC.gSensor:
      reader.skip(2); // sample rate
      attributes.gSensor = readAccelerations(reader);
      break;
    case SC.dtcsPassenger:
    case SC.dtcsCommercial: {
      reader.skip(1); // flag
      const count = reader.u8();
      const codes = Array.from({ length: count }, () => {
        const code = dtcOf(reader.u16le());
        if (type === SC.dtcsCommercial) reader.skip(2); // attribute, occurrences
        return code;
      });
      if (codes.length > 0) attributes[KEY.dtcs] = codes.join(' ');
      break;
    }
    case SC.cell:
      position.network = readCell(reader);
      break;
  }
  return position;
}

/** Samples as Traccar's text: `[[x,y,z],…]` in g, numbers as Java prints doubles (`1.0`). */
function readAccelerations(reader: ByteReader): string {
  const count = reader.u8();
  const samples = Array.from({ length: count }, () => {
    const axes = [reader.i16le(), reader.i16le(), reader.i16le()].map((value) => javaDouble(value * G_PER_UNIT));
    return `[${axes.join(',')}]`;
  });
  return `[${samples.join(',')}]`;
}

function javaDouble(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** The answer to a parameter query: failed tags, then each answered tag with its text value. */
function readQueryResponse(reader: ByteReader, receivedAt: Date): DecodedPosition {
  const position = statusPosition(receivedAt);
  reader.skip(2 + 1 + 1); // index, response count, response index
  reader.skip(2 * reader.u8()); // failed tags
  const answered = reader.u8();
  for (let i = 0; i < answered; i++) {
    reader.skip(2); // tag
    position.attributes[KEY.result] = reader.ascii(reader.u16le());
  }
  return position;
}
