import { fixedSettings, type ConnectionState, type DecodeResult, type StreamCodec } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { locateFrame } from './locate.ts';

/**
 * Replays Traccar's decoder-test vectors (vectors/traccar/<protocol>.json, written by
 * scripts/traccar-vectors.mjs) through one of our codecs and judges each as Traccar's
 * ProtocolTest does: the same result kind, the sanity bounds of `verifyPosition`, the expected
 * fix where the test gives one, and the asserted attribute values.
 */

export interface TraccarVector {
  file: string;
  line: number;
  /** Vectors of one session share one decoder (and its connection state), as in Traccar's test. */
  session: number;
  check: 'null' | 'notNull' | 'position' | 'positions' | 'attributes' | 'attribute';
  hex?: string;
  text?: string;
  key?: string;
  value?: string | number | boolean | null;
  expected?: { fixTime: string; valid: boolean; latitude: number; longitude: number };
  /** verifyPositions(decoder, false, …): location not checked. */
  checkLocation?: boolean;
  settings?: Readonly<Record<string, string | number | boolean>>;
  /** 'udp' where Traccar's test builds the connectionless decoder. */
  transport?: 'udp';
}

export interface VectorFile {
  protocol: string;
  source: { repository: string; commit: string; files: string[] };
  vectors: TraccarVector[];
}

export interface Outcome {
  vector: TraccarVector;
  /** Why it failed; absent when it passed. */
  failure?: string;
  /** A frame's own checksum did not match: decoded all the same (Traccar checks none), but by default the listener skips it. */
  badChecksum?: boolean;
  /**
   * Passed only when decoded whole, as Traccar's test hands it to the decoder past its frame
   * splitter: split as the listener splits the stream (a wrong length field, a raw delimiter
   * inside), it fails. Counted as passed, and reported apart.
   */
  unframed?: boolean;
}

/** Our codecs for one protocol by transport; vectors marked `udp` use the datagram codec. */
export interface CodecPair {
  tcp?: StreamCodec;
  udp?: StreamCodec;
}

const YEAR_2000 = Date.UTC(1999, 0, 1);

export function frameOf(vector: TraccarVector): Buffer {
  return vector.hex !== undefined ? Buffer.from(vector.hex, 'hex') : Buffer.from(vector.text ?? '', 'latin1');
}

/**
 * Splits the test's bytes as the listener would, junk skipped where the codec can find a frame
 * start (kit/locate.ts); bytes the splitter cannot frame at all (Traccar's tests often leave out
 * the delimiter its frame decoder strips) are one frame as they are.
 */
function framesOf(codec: StreamCodec, bytes: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  let rest = bytes;
  while (rest.length > 0) {
    let located: { skipped: number; length: number };
    try {
      located = locateFrame(codec, rest);
    } catch {
      located = { skipped: 0, length: 0 };
    }
    // Leftovers after a frame that hold no frame start are junk the listener drops.
    if (frames.length > 0 && located.skipped === rest.length) break;
    rest = rest.subarray(located.skipped);
    if (located.length <= 0 || located.length > rest.length) {
      if (rest.length > 0) frames.push(rest);
      break;
    }
    frames.push(rest.subarray(0, located.length));
    rest = rest.subarray(located.length);
  }
  return frames;
}

function decodeAll(codec: StreamCodec, frames: Buffer[], state: ConnectionState, receivedAt: Date): { positions: DecodedPosition[]; failure?: string; badChecksum?: boolean } {
  const positions: DecodedPosition[] = [];
  let badChecksum = false;
  for (const frame of frames) {
    if (codec.checksumValid && !codec.checksumValid(frame)) badChecksum = true;
    let result: DecodeResult;
    try {
      result = codec.decode(frame, state, receivedAt);
    } catch (error) {
      return { positions, badChecksum, failure: `decode threw: ${(error as Error).message}` };
    }
    if (result.uniqueId && state.device) state.device = { ...state.device, uniqueId: result.uniqueId };
    positions.push(...(result.positions ?? []));
  }
  return { positions, badChecksum };
}

/** Type checks ProtocolTest applies to every decoded position's attributes. */
const NUMBER_KEYS = ['index', 'hdop', 'vdop', 'pdop', 'sat', 'satVisible', 'rssi', 'odometer', 'rpm', 'fuel', 'fuelUsed', 'power', 'battery', 'steps', 'hours'];
const BOOLEAN_KEYS = ['charge', 'ignition', 'motion', 'archive', 'roaming'];
const STRING_KEYS = ['driverUniqueId', 'result'];

function attributeProblem(position: DecodedPosition): string | undefined {
  const attributes = position.attributes;
  for (const key of NUMBER_KEYS) if (key in attributes && typeof attributes[key] !== 'number') return `${key} is not a number`;
  for (const key of BOOLEAN_KEYS) if (key in attributes && typeof attributes[key] !== 'boolean') return `${key} is not a boolean`;
  for (const key of STRING_KEYS) if (key in attributes && typeof attributes[key] !== 'string') return `${key} is not text`;
  const level = attributes.batteryLevel;
  if (level !== undefined && (typeof level !== 'number' || level < 0 || level > 100)) return `batteryLevel ${JSON.stringify(level)} out of 0..100`;
  // The wire type leaves network open (Traccar's JSON); read it as Traccar's CellTower and WifiAccessPoint.
  const network = position.network as { cellTowers?: Record<string, unknown>[]; wifiAccessPoints?: Record<string, unknown>[] } | null;
  for (const cell of network?.cellTowers ?? []) {
    if (!inRange(cell.mobileCountryCode, 0, 999) || !inRange(cell.mobileNetworkCode, 0, 999) || !inRange(cell.locationAreaCode, 1, 65535) || !inRange(cell.cellId, 0, 268435455)) {
      return `cell tower out of range ${JSON.stringify(cell)}`;
    }
  }
  for (const wifi of network?.wifiAccessPoints ?? []) {
    if (typeof wifi.macAddress !== 'string' || !/^([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}$/.test(wifi.macAddress)) return `bad MAC ${JSON.stringify(wifi.macAddress)}`;
  }
  return undefined;
}

function inRange(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function locationProblem(position: DecodedPosition, expected: TraccarVector['expected'], now: number): string | undefined {
  if (expected) {
    if (position.fixTime.toISOString() !== expected.fixTime) return `fixTime ${position.fixTime.toISOString()} ≠ ${expected.fixTime}`;
    if (position.valid !== expected.valid) return `valid ${String(position.valid)} ≠ ${String(expected.valid)}`;
    if (Math.abs(position.latitude - expected.latitude) > 1e-5) return `latitude ${position.latitude} ≠ ${expected.latitude}`;
    if (Math.abs(position.longitude - expected.longitude) > 1e-5) return `longitude ${position.longitude} ≠ ${expected.longitude}`;
  } else {
    const time = position.fixTime.getTime();
    if (!(time > YEAR_2000) || !(time < now + 25 * 3600_000)) return `fixTime ${Number.isNaN(time) ? 'invalid' : position.fixTime.toISOString()} out of bounds`;
    if (!(Math.abs(position.latitude) <= 90) || !(Math.abs(position.longitude) <= 180)) return `coordinates ${position.latitude},${position.longitude} out of bounds`;
  }
  if (!(position.altitude >= -12262 && position.altitude <= 18000)) return `altitude ${position.altitude} out of bounds`;
  if (!(position.speed >= 0 && position.speed <= 869)) return `speed ${position.speed} out of bounds`;
  if (!(position.course >= 0 && position.course <= 360)) return `course ${position.course} out of bounds`;
  if (!position.protocol) return 'no protocol';
  return undefined;
}

/** Traccar compares with equals(): numbers exactly, which we relax to float noise. */
function sameValue(actual: unknown, expected: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'number') {
    return actual === expected || Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
  }
  // Java's map.get gives null for an absent key: asserting null asserts absence.
  if (expected === null) return actual === undefined || actual === null;
  return actual === expected;
}

function attributeValue(position: DecodedPosition, key: string): unknown {
  switch (key) {
    case 'speed': return position.speed;
    case 'course': return position.course;
    case 'altitude': return position.altitude;
    case 'network': return position.network;
    default: return position.attributes[key];
  }
}

function judge(vector: TraccarVector, positions: DecodedPosition[], now: number): string | undefined {
  if (vector.check === 'null') return positions.length === 0 ? undefined : `expected nothing, decoded ${positions.length} position(s)`;
  if (positions.length === 0) return 'no position decoded';
  const first = positions[0];
  switch (vector.check) {
    case 'notNull':
      return undefined;
    case 'position':
      return locationProblem(first, vector.expected, now) ?? attributeProblem(first);
    case 'positions':
      for (const position of positions) {
        const problem = (vector.checkLocation === false ? undefined : locationProblem(position, vector.expected, now)) ?? attributeProblem(position);
        if (problem) return problem;
      }
      return undefined;
    case 'attributes':
      if (Object.keys(first.attributes).length === 0) return 'no attributes';
      return attributeProblem(first);
    case 'attribute': {
      const actual = attributeValue(first, vector.key ?? '');
      return sameValue(actual, vector.value) ? undefined : `${vector.key}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(vector.value)}`;
    }
  }
}

/** Replays every vector in order, a fresh connection per session, and judges each. */
export function replay(codecs: CodecPair, vectors: TraccarVector[], receivedAt = new Date()): Outcome[] {
  const outcomes: Outcome[] = [];
  let session = -1;
  let state: ConnectionState = { device: null, data: {} };
  for (const vector of vectors) {
    const codec = vector.transport === 'udp' ? (codecs.udp ?? codecs.tcp) : (codecs.tcp ?? codecs.udp);
    if (!codec) throw new Error('no codec');
    if (vector.session !== session) {
      session = vector.session;
      // Traccar's test decoder finds a device for every message, identified or not.
      state = { device: { id: 1, uniqueId: '123456789012345' }, data: {} };
    }
    state.settings = fixedSettings(vector.settings ?? {});
    const bytes = frameOf(vector);
    const frames = framesOf(codec, bytes);
    const before = { device: state.device, data: structuredClone(state.data) };
    const framed = decodeAll(codec, frames, state, receivedAt);
    let outcome: Outcome = { vector, failure: framed.failure ?? judge(vector, framed.positions, receivedAt.getTime()) };
    if (outcome.failure && !(frames.length === 1 && frames[0].length === bytes.length)) {
      const whole = { ...state, device: before.device, data: before.data };
      const unframed = decodeAll(codec, [bytes], whole, receivedAt);
      if (!(unframed.failure ?? judge(vector, unframed.positions, receivedAt.getTime()))) {
        outcome = { vector, unframed: true };
        state = whole;
      }
    }
    if (framed.badChecksum) outcome.badChecksum = true;
    outcomes.push(outcome);
  }
  return outcomes;
}

export interface Ratio {
  protocol: string;
  passed: number;
  total: number;
  /** Vectors whose frame fails its checksum (see Outcome.badChecksum). */
  badChecksum: number;
  /** Vectors passed only when decoded whole (see Outcome.unframed). */
  unframed: number;
}

export function ratioOf(protocol: string, outcomes: Outcome[]): Ratio {
  return { protocol, passed: outcomes.filter((o) => !o.failure).length, total: outcomes.length, badChecksum: outcomes.filter((o) => o.badChecksum).length, unframed: outcomes.filter((o) => o.unframed).length };
}
