import fc from 'fast-check';
import { checkCodec, describeCodecProperties } from '../codec-properties.ts';
import { gt06Codec } from './codec.ts';
import { classicCell, gpsBlock, gt06Frame, loginFrame } from './test-frames.ts';

const time = fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) => new Date(Math.floor(ms / 1000) * 1000));
const fix = fc.record({
  time,
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  speedKmh: fc.integer({ min: 0, max: 255 }),
  course: fc.integer({ min: 0, max: 359 }),
  valid: fc.boolean(),
  satellites: fc.integer({ min: 0, max: 15 }),
});
const cell = fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 0xffffff }));
const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((b) => Buffer.from(b));
const serial = fc.integer({ min: 0, max: 0xffff });

const login = fc.tuple(fc.stringMatching(/^\d{15}$/), fc.option(fc.integer({ min: 0, max: 0xffff })), serial).map(([imei, timeZone, s]) =>
  loginFrame(imei, { serial: s, timeZone: timeZone ?? undefined }),
);
/** Location types with the GPS block, a cell tower, and whatever status and trailer bytes. */
const location = fc
  .tuple(fc.constantFrom(0x10, 0x12, 0x16, 0x1a, 0x22, 0x26, 0x27, 0xa0), fix, cell, bytes(12), serial, fc.boolean())
  .map(([type, f, [mcc, mnc, lac, cid], tail, s, extended]) =>
    gt06Frame(type, Buffer.concat([gpsBlock(f), classicCell(mcc, mnc, lac, cid), tail]), { serial: s, extended }),
  );
/** Any protocol number with any body: framing and CRC right, content arbitrary. */
const other = fc.tuple(fc.integer({ min: 0, max: 255 }), bytes(40), serial, fc.boolean()).map(([type, body, s, extended]) => gt06Frame(type, body, { serial: s, extended }));

const valid = fc.tuple(login, fc.array(fc.oneof(location, other), { minLength: 1, maxLength: 8 })).map(([first, rest]) => {
  const frames = [first, ...rest];
  return { stream: Buffer.concat(frames), frames };
});

const properties = checkCodec(gt06Codec, valid, { prefixes: [Buffer.from('7878', 'hex'), Buffer.from('7979', 'hex')] });

describeCodecProperties('GT06', properties);
