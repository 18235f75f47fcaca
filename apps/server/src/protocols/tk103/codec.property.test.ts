import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCodec, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { tk103Codec, tk103UdpCodec } from './codec.ts';

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
const serial = fc.stringMatching(/^\d{12}$/);
const hexDigit = fc.integer({ min: 0, max: 15 }).map((n) => n.toString(16).toUpperCase());

/** Fixed-width position messages as the original firmware sends them. */
const fixed = fc
  .record({
    serial,
    code: fc.constantFrom('BR00', 'BR01', 'BO012', 'BP05000088046338039'),
    date: fc.tuple(two(99), two(12), two(28)).map((t) => t.join('')),
    validity: fc.constantFrom('A', 'V'),
    lat: fc.tuple(two(89), two(59), fc.integer({ min: 0, max: 9999 })).map(([d, m, f]) => `${d}${m}.${String(f).padStart(4, '0')}`),
    lon: fc.tuple(fc.integer({ min: 0, max: 179 }), two(59), fc.integer({ min: 0, max: 9999 })).map(([d, m, f]) => `${String(d).padStart(3, '0')}${m}.${String(f).padStart(4, '0')}`),
    time: fc.tuple(two(23), two(59), two(59)).map((t) => t.join('')),
    io: fc.array(hexDigit, { minLength: 3, maxLength: 3 }).map((d) => d.join('')),
  })
  .map((r) => `(${r.serial}${r.code}${r.date}${r.validity}${r.lat}N${r.lon}E012.3${r.time}123.4510${r.io}00AL0000ABCD)`);
const other = fc.oneof(
  serial.map((s) => `(${s}BP00HSO)`),
  serial.map((s) => `(${s},ZC20,040613,040137,6,421,112,0)`),
  serial.map((s) => `(${s},ZC03,191117,234421,$text with ) and (,$)`),
  serial.map((s) => `(${s}BZ00,740,000,3bf7,0425,01000000)`),
);

const valid = fc.array(fc.oneof(fixed, other), { minLength: 1, maxLength: 8 }).map((messages) => ({
  stream: Buffer.from(messages.join(''), 'latin1'),
  frames: messages.map((m) => Buffer.from(m, 'latin1')),
}));

const prefixes = [Buffer.from('(027044702512BR00'), Buffer.from('(027044702512,'), Buffer.from('(027044702512BS50'), Buffer.from('(027044702512BS51')];
const tcp = checkCodec(tk103Codec, valid, { prefixes, runs: 200 });
const udp = checkCodec(tk103UdpCodec, valid, { prefixes });

describe('TK103 codec properties', () => {
  itKeepsCodecProperties(tcp, udp);
  it('long datagrams full of separators and digits are decoded or refused quickly', () => {
    for (const unit of [',', '0', '1.', ' ', 'A,', '{1,2,3,4}\n', '90:00,', '$']) {
      const body = unit.repeat(20_000);
      survives(tk103UdpCodec, Buffer.from(`(027044702512BR00${body})`), true);
      survives(tk103UdpCodec, Buffer.from(`(027044702512,DW3B,${body}A${body})`), true);
      survives(tk103UdpCodec, Buffer.from(`(027044702512,DW51,1,2,3,4,5,${body})`), true);
      survives(tk103UdpCodec, Buffer.from(`(027044702512BS51${body})`), true);
      survives(tk103UdpCodec, Buffer.from(`(027044702512BZ00,${body}{${body})`), true);
    }
  });
});
