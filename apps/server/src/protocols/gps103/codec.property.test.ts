import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCodec, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { gps103Codec, gps103UdpCodec } from './codec.ts';

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
const imei = fc.stringMatching(/^\d{15}$/);

/** Reports as Coban devices send them, with a fix or without. */
const report = fc
  .record({
    imei,
    reason: fc.constantFrom('tracker', 'help me', 'acc on', 'T:+21', 'oil 10.5', 'rfid', 'move'),
    local: fc.tuple(two(99), two(12), two(28), two(23), two(59)).map((t) => t.join('')),
    utc: fc.tuple(two(23), two(59), two(59)).map((t) => `${t.join('')}.000`),
    validity: fc.constantFrom('A', 'V'),
    lat: fc.tuple(two(89), two(59), fc.integer({ min: 0, max: 9999 })).map(([d, m, f]) => `${d}${m}.${String(f).padStart(4, '0')}`),
    lon: fc.tuple(fc.integer({ min: 0, max: 179 }), two(59), fc.integer({ min: 0, max: 9999 })).map(([d, m, f]) => `${String(d).padStart(3, '0')}${m}.${String(f).padStart(4, '0')}`),
    fix: fc.boolean(),
  })
  .map((r) =>
    r.fix
      ? `imei:${r.imei},${r.reason},${r.local},,F,${r.utc},${r.validity},${r.lat},N,${r.lon},W,0.00,12.5,,1,0,10.0%,,+20;`
      : `imei:${r.imei},${r.reason},${r.local},,L,,,1a2b,,3c4d,,,;`,
  );
const other = fc.oneof(imei.map((i) => `##,imei:${i},A;`), imei.map((i) => `${i};`));

const valid = fc.array(fc.oneof(report, other), { minLength: 1, maxLength: 8 }).map((messages) => ({
  stream: Buffer.from(messages.join(''), 'latin1'),
  frames: messages.map((m) => Buffer.from(m, 'latin1')),
}));

const prefixes = [Buffer.from('imei:359710045559474,tracker,'), Buffer.from('imei:359710045559474,OBD,'), Buffer.from('##,imei:')];
const tcp = checkCodec(gps103Codec, valid, { prefixes, runs: 200 });
const udp = checkCodec(gps103UdpCodec, valid, { prefixes });

describe('GPS103 codec properties', () => {
  itKeepsCodecProperties(tcp, udp);
  it('long messages full of separators and digits are decoded or refused quickly', () => {
    for (const unit of [',', '0', '1.', 'A,', ',,', '00.0,', 'N,']) {
      const body = unit.repeat(10_000);
      survives(gps103Codec, Buffer.from(`imei:359710045559474,tracker,151030080103,,F,${body};`), true);
      survives(gps103Codec, Buffer.from(`imei:359710045559474,tracker,1510300801,${body},F,000101.000,A,${body};`), true);
      survives(gps103Codec, Buffer.from(`imei:359710045559474,OBD,160629022949,${body};`), true);
      survives(gps103Codec, Buffer.from(`imei:359710045559474,x,${body}*`), true);
    }
  });
});
