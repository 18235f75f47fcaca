import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCodec, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { h02Codec, h02UdpCodec } from './codec.ts';

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
const id = fc.oneof(fc.stringMatching(/^\d{10}$/), fc.stringMatching(/^\d{15}$/));
const decimal = (whole: number, digits: number) =>
  fc.tuple(fc.integer({ min: 0, max: whole }), fc.integer({ min: 0, max: 10 ** digits - 1 })).map(([w, f]) => `${w}.${String(f).padStart(digits, '0')}`);

/** `V1` reports as SinoTrack devices send them, with or without the CR LF some add. */
const report = fc
  .record({
    id,
    time: fc.tuple(two(23), two(59), two(59)).map((t) => t.join('')),
    validity: fc.constantFrom('A', 'V'),
    lat: fc.tuple(two(89), decimal(59, 4)).map(([d, m]) => `${d}${m.padStart(7, '0')}`),
    ns: fc.constantFrom('N', 'S'),
    lon: fc.tuple(fc.integer({ min: 0, max: 179 }).map((n) => String(n).padStart(3, '0')), decimal(59, 4)).map(([d, m]) => `${d}${m.padStart(7, '0')}`),
    ew: fc.constantFrom('E', 'W'),
    speed: decimal(999, 2),
    course: fc.integer({ min: 0, max: 359 }),
    date: fc.tuple(two(28), two(12), two(99)).map((t) => t.join('')),
    status: fc.integer({ min: 0, max: 0xffffffff }).map((n) => n.toString(16).toUpperCase().padStart(8, '0')),
    crlf: fc.boolean(),
  })
  .map((r) => `*HQ,${r.id},V1,${r.time},${r.validity},${r.lat},${r.ns},${r.lon},${r.ew},${r.speed},${r.course},${r.date},${r.status}#${r.crlf ? '\r\n' : ''}`);
/** Any other text message: `*HQ,` then anything up to the `#`. */
const text = fc
  .tuple(id, fc.constantFrom('HTBT', 'NBR', 'LINK', 'V4', 'V0', 'SMS', 'XT'), fc.string({ maxLength: 80, unit: 'binary-ascii' }))
  .map(([i, type, rest]) => `*HQ,${i},${type},${rest.replaceAll('#', '')}#`);

/**
 * Binary reports of one device: `$`, its 10-digit id in BCD, then anything but the bytes that
 * start frames, which would end a report early. Their sizes are the common ones, which the
 * last report of a stream can have without a frame after it.
 */
const LOOKS_LIKE_A_START = new Set([0x2a, 0x24]);
const binaryOf = (deviceId: string) =>
  fc.tuple(fc.constantFrom(32, 42, 45), fc.uint8Array({ minLength: 44, maxLength: 44 })).map(([length, body]) => {
    const rest = Buffer.from(body.map((byte) => (LOOKS_LIKE_A_START.has(byte) ? 0 : byte))).subarray(0, length - 6);
    return Buffer.concat([Buffer.from('$'), Buffer.from(deviceId, 'hex'), rest]);
  });

const valid = fc
  .stringMatching(/^\d{10}$/)
  .chain((deviceId) =>
    fc.array(
      fc.oneof(
        { arbitrary: report.map((s) => Buffer.from(s, 'latin1')), weight: 3 },
        { arbitrary: text.map((s) => Buffer.from(s, 'latin1')), weight: 2 },
        { arbitrary: binaryOf(deviceId), weight: 2 },
      ),
      { minLength: 1, maxLength: 8 },
    ),
  )
  .map((frames) => ({ stream: Buffer.concat(frames), frames: splitFrames(frames) }));

/** The frames the splitter must find: line breaks after a `#` belong to the next frame (or are left over). */
function splitFrames(frames: Buffer[]): Buffer[] {
  const out: Buffer[] = [];
  let lead: Buffer = Buffer.alloc(0);
  for (const f of frames) {
    const trail = f[0] === 0x2a && f.subarray(-2).toString('latin1') === '\r\n' ? 2 : 0;
    out.push(Buffer.concat([lead, f.subarray(0, f.length - trail)]));
    lead = f.subarray(f.length - trail);
  }
  return out;
}

/** Binary reports cannot be framed from a prefix (no length): cuts fall outside them. */
function cutsOutsideBinary(frames: Buffer[], offsets: number[]): number[] {
  const allowed: number[] = [];
  let start = 0;
  for (const f of frames) {
    const binaryAt = f.indexOf(0x24);
    const isBinary = binaryAt >= 0 && f.subarray(0, binaryAt).every((b) => b === 0x0d || b === 0x0a);
    for (let i = 1; i < f.length; i++) if (!isBinary || i <= binaryAt) allowed.push(start + i);
    allowed.push(start + f.length);
    start += f.length;
  }
  return offsets.map((o) => allowed[o % allowed.length]);
}

const tcp = checkCodec(h02Codec, valid, { prefixes: [Buffer.from('*HQ,'), Buffer.from('$')], cuts: cutsOutsideBinary, runs: 200 });
const udp = checkCodec(h02UdpCodec, valid, { prefixes: [Buffer.from('*HQ,'), Buffer.from('$')] });

describe('H02 codec properties', () => {
  itKeepsCodecProperties(tcp, udp);
  it('a long text message full of separators is decoded or refused, without a hang', () => {
    for (const body of [',', 'V4,', '-1-', '1.', 'A,'].map((unit) => unit.repeat(20_000))) {
      survives(h02Codec, Buffer.from(`*HQ,1234567890,V4,${body}#`), true);
    }
  });
});
