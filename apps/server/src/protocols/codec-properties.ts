import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError, type ConnectionState, type DecodeResult, type StreamCodec } from './codec.ts';

/**
 * Test-only: the properties every stream codec must keep, whatever bytes a device (or anyone on
 * the internet) sends. Each codec's `*.property.test.ts` supplies generators of valid frames.
 */

const RECEIVED_AT = new Date('2025-01-01T00:00:00Z');

/** A decoded result the rest of the server can take: real dates, finite numbers, JSON-able attributes. */
export function expectSane(result: DecodeResult): void {
  for (const position of result.positions ?? []) {
    for (const time of [position.deviceTime, position.fixTime]) {
      expect(time).toBeInstanceOf(Date);
      expect(Number.isNaN(time.getTime()), 'a valid date').toBe(false);
    }
    for (const key of ['latitude', 'longitude', 'altitude', 'speed', 'course', 'accuracy'] as const) {
      expect(Number.isFinite(position[key]), `${key} finite: ${position[key]}`).toBe(true);
    }
    // Stored as JSON: a BigInt or a cycle would fail the whole write batch.
    JSON.stringify(position.attributes);
    JSON.stringify(position.network);
  }
  if (result.reply !== undefined) expect(Buffer.isBuffer(result.reply)).toBe(true);
  if (result.uniqueId !== undefined) expect(typeof result.uniqueId).toBe('string');
}

function asProtocolError(error: unknown): void {
  if (!(error instanceof ProtocolError)) throw error;
}

/**
 * Runs bytes through the codec as the listener does (split, check the checksum, decode every
 * frame; once identified when `identified`): only ProtocolError may come out, every frame
 * length is a whole number within the bytes, and every result is sane.
 */
export function survives(codec: StreamCodec, bytes: Buffer, identified: boolean): void {
  const state: ConnectionState = { device: identified ? { id: 1, uniqueId: '1' } : null, data: {} };
  let rest = bytes;
  while (rest.length > 0) {
    let length: number;
    try {
      length = codec.frameLength(rest);
    } catch (error) {
      asProtocolError(error); return;
    }
    expect(Number.isInteger(length) && length >= 0 && length <= rest.length, `frame length ${length} of ${rest.length} bytes`).toBe(true);
    if (length === 0) return;
    const frame = rest.subarray(0, length);
    rest = rest.subarray(length);
    expect(typeof (codec.checksumValid?.(frame) ?? true)).toBe('boolean');
    try {
      const result = codec.decode(frame, state, RECEIVED_AT);
      expectSane(result);
      if (result.uniqueId && !state.device) state.device = { id: 1, uniqueId: result.uniqueId };
    } catch (error) {
      asProtocolError(error);
    }
  }
}

/** The frames of a whole stream, and what is left over. */
export function splitWhole(codec: StreamCodec, stream: Buffer): Buffer[] {
  return splitChunks(codec, [stream]);
}

/** The frames the listener finds when the stream arrives in these chunks (only the codec's splitter is used). */
export function splitChunks(codec: Pick<StreamCodec, 'frameLength'>, chunks: Buffer[]): Buffer[] {
  const frames: Buffer[] = [];
  let pending = Buffer.alloc(0);
  for (const chunk of chunks) {
    pending = Buffer.concat([pending, chunk]);
    for (let length = codec.frameLength(pending); length > 0; length = pending.length ? codec.frameLength(pending) : 0) {
      frames.push(pending.subarray(0, length));
      pending = pending.subarray(length);
    }
  }
  return frames;
}

/** A stream as the slowest network delivers it: one byte a chunk. */
export function byteByByte(stream: Buffer): Buffer[] {
  return [...stream].map((byte) => Buffer.from([byte]));
}

/** Cuts a stream at the given offsets (any numbers; taken modulo its length). */
export function cut(stream: Buffer, offsets: number[]): Buffer[] {
  const at = [...new Set(offsets.map((o) => o % (stream.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const offset of at) {
    chunks.push(stream.subarray(start, offset));
    start = offset;
  }
  chunks.push(stream.subarray(start));
  return chunks;
}

/** Decodes frames in order on one connection, identifying it as the listener would; a refused frame gives its error. */
export function decodeAll(codec: StreamCodec, frames: Buffer[]): (DecodeResult | { error: string })[] {
  const state: ConnectionState = { device: null, data: {} };
  return frames.map((frame) => {
    try {
      const result = codec.decode(frame, state, RECEIVED_AT);
      expectSane(result);
      if (result.uniqueId) state.device = { id: 1, uniqueId: result.uniqueId };
      return result;
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      return { error: error.message };
    }
  });
}

type Edit =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'set'; at: number; value: number }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'truncate'; at: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: fc.oneof(fc.constantFrom(0, 0xff, 0x0d, 0x0a, 0x2c, 0x3b, 0x23), fc.integer({ min: 0, max: 255 })) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function apply(bytes: Buffer, edits: Edit[]): Buffer {
  let out = Buffer.from(bytes);
  for (const e of edits) {
    const at = out.length ? e.at % out.length : 0;
    if (e.kind === 'flip' && out.length) out[at] ^= 1 << e.bit;
    else if (e.kind === 'set' && out.length) out[at] = e.value;
    else if (e.kind === 'delete') out = Buffer.concat([out.subarray(0, at), out.subarray(at + e.length)]);
    else if (e.kind === 'insert') out = Buffer.concat([out.subarray(0, at), Buffer.from(e.bytes), out.subarray(at)]);
    else if (e.kind === 'truncate') out = out.subarray(0, at);
  }
  return out;
}

/** A valid stream with a few bytes flipped, set, deleted, inserted or cut off. */
export function mutated(valid: fc.Arbitrary<Buffer>): fc.Arbitrary<Buffer> {
  return fc.tuple(valid, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([bytes, edits]) => apply(bytes, edits));
}

/** Random bytes, sometimes behind a plausible start so that they reach the decoder. */
export function noise(prefixes: Buffer[] = []): fc.Arbitrary<Buffer> {
  const random = fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes));
  if (!prefixes.length) return random;
  return fc.oneof(random, fc.tuple(fc.constantFrom(...prefixes), random).map(([prefix, bytes]) => Buffer.concat([prefix, bytes])));
}

/**
 * Valid streams of 1 to `maxLength` frames back to back, with the frames the splitter must find:
 * frames of a generator, or any of a list of sample frames (a protocol's test messages).
 */
export function framesInARow(
  frame: fc.Arbitrary<Buffer> | readonly Buffer[],
  maxLength: number,
): fc.Arbitrary<{ stream: Buffer; frames: Buffer[] }> {
  const one = frame instanceof fc.Arbitrary ? frame : fc.constantFrom(...frame);
  return fc.array(one, { minLength: 1, maxLength }).map((frames) => ({ stream: Buffer.concat(frames), frames }));
}

/** The checks `checkCodec` gives: each one an `it` body. */
export interface CodecChecks {
  random: () => void;
  mutations: () => void;
  chunking: () => void;
}

/**
 * The standard battery for one codec: random bytes and mutated valid streams survive (only
 * ProtocolError, never a hang: the run is bounded by the test timeout), and any chunking of a
 * valid stream gives the same frames, and so the same decoded results, as the whole.
 */
export function checkCodec(
  codec: StreamCodec,
  valid: fc.Arbitrary<{ stream: Buffer; frames: Buffer[] }>,
  options: {
    prefixes?: Buffer[];
    runs?: number;
    /** Where a stream may be cut, when the protocol cannot frame some of it before more bytes come (H02 binary). */
    cuts?: (frames: Buffer[], offsets: number[]) => number[];
  } = {},
): CodecChecks {
  const runs = options.runs ?? 300;
  return {
    random: () =>
      fc.assert(
        fc.property(noise(options.prefixes), fc.boolean(), (bytes, identified) => survives(codec, bytes, identified)),
        { numRuns: runs * 3 },
      ),
    mutations: () =>
      fc.assert(
        fc.property(mutated(valid.map((v) => v.stream)), fc.boolean(), (bytes, identified) => survives(codec, bytes, identified)),
        { numRuns: runs * 3 },
      ),
    chunking: () =>
      fc.assert(
        fc.property(valid, fc.array(fc.nat(), { maxLength: 12 }), ({ stream, frames }, offsets) => {
          expect(splitWhole(codec, stream)).toEqual(frames);
          const at = options.cuts ? options.cuts(frames, offsets) : offsets;
          const chunked = splitChunks(codec, cut(stream, at));
          expect(chunked).toEqual(frames);
          expect(decodeAll(codec, chunked)).toEqual(decodeAll(codec, frames));
        }),
        { numRuns: runs },
      ),
  };
}

/**
 * Registers the standard `it`s for a codec's checks in the current `describe`, so every protocol
 * states them alike: TCP random / mutations / chunking, and when given, UDP random + mutations
 * (then the TCP cases are named "TCP: …").
 */
export function itKeepsCodecProperties(tcp: CodecChecks, udp?: CodecChecks): void {
  const over = udp ? 'TCP: ' : '';
  it(`${over}random bytes give frames or a ProtocolError, never a crash`, tcp.random);
  it(`${over}mutated valid streams give frames or a ProtocolError, never a crash`, tcp.mutations);
  it(`${over}any chunking of a valid stream gives the same frames and positions as the whole`, tcp.chunking);
  if (udp) {
    it('UDP: random bytes and mutated datagrams give a result or a ProtocolError, never a crash', () => {
      udp.random();
      udp.mutations();
    });
  }
}

/** A codec's property tests when it has only the standard ones: a `describe` "<name> codec properties" of them. */
export function describeCodecProperties(name: string, tcp: CodecChecks, udp?: CodecChecks): void {
  describe(`${name} codec properties`, () => itKeepsCodecProperties(tcp, udp));
}
