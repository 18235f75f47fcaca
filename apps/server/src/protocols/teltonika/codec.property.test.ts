import fc from 'fast-check';
import { checkCodec, describeCodecProperties } from '../codec-properties.ts';
import { CODEC_16, CODEC_8, CODEC_8_EXTENDED } from './io-groups.ts';
import { CODEC_12 } from './messages.ts';
import { teltonikaCodec } from './tcp.ts';
import { avlData, gpsRecord, imeiFrame, messageRecord, tcpPacket, udpPacket, type TestIo } from './test-frames.ts';
import { teltonikaUdpCodec } from './udp.ts';

const imei = fc.stringMatching(/^\d{15}$/);
const io = fc.constantFrom<1 | 2 | 4 | 8>(1, 2, 4, 8).chain((width) =>
  fc.record({
    // Named ids of Traccar's table (ignition, movement, power, odometer, iButton, cell...) and any other.
    id: fc.oneof(fc.constantFrom(1, 9, 16, 21, 66, 67, 78, 199, 205, 206, 239, 240, 241, 247, 249, 252), fc.integer({ min: 0, max: 255 })),
    width: fc.constant(width),
    value: width === 8 ? fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }) : fc.integer({ min: 0, max: 2 ** (8 * width) - 1 }),
  }),
) as fc.Arbitrary<TestIo>;
const record = fc.record({
  time: fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2099, 0, 1) }).map((ms) => new Date(ms)),
  priority: fc.integer({ min: 0, max: 2 }),
  latitude: fc.integer({ min: -900_000_000, max: 900_000_000 }).map((n) => n / 1e7),
  longitude: fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }).map((n) => n / 1e7),
  altitude: fc.integer({ min: -1000, max: 9000 }),
  angle: fc.integer({ min: 0, max: 359 }),
  satellites: fc.integer({ min: 0, max: 20 }),
  speedKph: fc.integer({ min: 0, max: 300 }),
  eventId: fc.integer({ min: 0, max: 255 }),
  io: fc.array(io, { maxLength: 6 }),
  variableIo: fc.array(fc.record({ id: fc.integer({ min: 0, max: 0xffff }), value: fc.uint8Array({ maxLength: 12 }).map((b) => Buffer.from(b)) }), { maxLength: 2 }),
});
const data = fc.oneof(
  fc.tuple(fc.constantFrom(CODEC_8, CODEC_8_EXTENDED, CODEC_16), fc.array(record, { minLength: 1, maxLength: 4 })).map(([codec, records]) =>
    avlData(codec, records.map((r) => gpsRecord(codec, codec === CODEC_8_EXTENDED ? r : { ...r, variableIo: [] }))),
  ),
  // A command reply.
  fc.string({ maxLength: 40 }).map((text) => avlData(CODEC_12, [messageRecord(0x06, Buffer.from(text))])),
);

const tcp = fc.tuple(imei, fc.array(fc.oneof({ arbitrary: data.map(tcpPacket), weight: 5 }, { arbitrary: fc.constant(Buffer.from([0xff])), weight: 1 }), { minLength: 1, maxLength: 5 })).map(
  ([id, packets]) => {
    const frames = [imeiFrame(id), ...packets];
    return { stream: Buffer.concat(frames), frames };
  },
);
const udp = fc.tuple(imei, data, fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 255 })).map(([id, d, packetId, avlId]) => {
  const frame = udpPacket(id, d, packetId, avlId);
  return { stream: frame, frames: [frame] };
});

const overTcp = checkCodec(teltonikaCodec, tcp, { prefixes: [Buffer.from('000f', 'hex'), Buffer.from('00000000', 'hex')], runs: 200 });
const overUdp = checkCodec(teltonikaUdpCodec, udp, { runs: 200 });

describeCodecProperties('Teltonika', overTcp, overUdp);
