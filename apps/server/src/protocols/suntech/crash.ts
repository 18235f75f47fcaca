import { KNOTS_PER_KMH } from '@rastro/api';
import { ProtocolError, type ConnectionState } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import type { SuntechMessage } from './message.ts';
import { inRange } from './fields.ts';
import { blankPosition } from './position.ts';

/** `CRR;<id>;<part>;<parts>;<length>;`, then that many bytes of crash data, `;`, a checksum and CR. */
const CRASH_HEADER = /^CRR;(\d+);(\d+);(\d+);(\d+);/;
/** Longest header, with room for long ids. */
const MAX_HEADER = 48;
/** The crash data covers four seconds: 3, 2 and 1 before the crash, and 1 after. */
const POINT_OFFSETS = [-3000, -2000, -1000, 1000];
/** Latitude, longitude, speed and course before each point's accelerometer samples. */
const POINT_HEADER = 12;
const SAMPLE = 6;
/** Far above a real crash (about 2.5 KB): parts beyond it are garbage, not memory to keep. */
const MAX_CRASH_DATA = 64 * 1024;

interface CrashHeader {
  uniqueId: string;
  part: number;
  parts: number;
  /** Where the crash data starts, and how long it is. */
  start: number;
  length: number;
}

function crashHeader(frame: Buffer): CrashHeader | null {
  const match = CRASH_HEADER.exec(frame.toString('latin1', 0, MAX_HEADER));
  if (!match) return null;
  return { uniqueId: match[1], part: Number(match[2]), parts: Number(match[3]), start: match[0].length, length: Number(match[4]) };
}

/** Length of a CRR frame at the start of `buffer` (0 while incomplete): its data is binary, so CR cannot end it. */
export function crashFrameLength(buffer: Buffer): number {
  const header = crashHeader(buffer);
  if (!header) {
    if (buffer.length >= MAX_HEADER) throw new ProtocolError('malformed crash report header');
    return 0;
  }
  const end = buffer.indexOf(0x0d, header.start + header.length);
  return end < 0 ? 0 : end + 1;
}

/**
 * A part of a crash report. The parts of one crash are gathered on the connection (a first part
 * starts over); the last one yields four positions around the crash time, each with its second
 * of accelerometer samples as Traccar's `gSensor` text, `[[x,y,z],...]`.
 */
export function decodeCrashReport(frame: Buffer, state: ConnectionState): SuntechMessage | null {
  const header = crashHeader(frame);
  if (!header) return null;
  const data = frame.subarray(header.start, header.start + header.length);
  if (data.length < header.length) throw new ProtocolError('crash report is truncated');
  const earlier = header.part === 1 || !Array.isArray(state.data.crash) ? [] : (state.data.crash as Buffer[]);
  const parts = [...earlier, data];
  if (parts.reduce((total, part) => total + part.length, 0) > MAX_CRASH_DATA) {
    delete state.data.crash;
    throw new ProtocolError('crash report too long');
  }
  if (header.part < header.parts) {
    state.data.crash = parts;
    return { uniqueId: header.uniqueId, positions: [] };
  }
  delete state.data.crash;
  return { uniqueId: header.uniqueId, positions: crashPositions(Buffer.concat(parts)) };
}

/**
 * The crash time (yy mm dd hh mm ss), then per point latitude and longitude (1e-7°), speed
 * (0.01 km/h), course (0.01°) and x, y, z samples, all little-endian. Traccar expects 100 samples
 * a point; the count here follows from the data's length, which is the same for a full report.
 */
function crashPositions(data: Buffer): DecodedPosition[] {
  const reader = new ByteReader(data, 'crash data');
  const [year, month, day, hours, minutes, seconds] = [...reader.bytes(6)];
  const crashTime = Date.UTC(2000 + year, month - 1, day, hours, minutes, seconds);
  const pointLength = reader.remaining / POINT_OFFSETS.length;
  const samples = (pointLength - POINT_HEADER) / SAMPLE;
  if (!Number.isInteger(samples) || samples < 0) throw new ProtocolError(`crash data of ${data.length} bytes does not hold four points`);
  return POINT_OFFSETS.map((offset) => {
    const position = blankPosition(new Date(crashTime + offset));
    position.valid = true;
    position.latitude = inRange(reader.i32le() / 1e7, 90, 'latitude');
    position.longitude = inRange(reader.i32le() / 1e7, 180, 'longitude');
    position.speed = (reader.u16le() / 100) * KNOTS_PER_KMH;
    position.course = reader.u16le() / 100;
    const values = Array.from({ length: samples }, () => `[${reader.i16le()},${reader.i16le()},${reader.i16le()}]`);
    position.attributes.gSensor = `[${values.join(',')}]`;
    return position;
  });
}
