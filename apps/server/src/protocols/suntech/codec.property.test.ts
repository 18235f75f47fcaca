import fc from 'fast-check';
import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { suntechCodec } from './codec.ts';

/** Reports of each family, as the decoder tests hold them. */
const SAMPLES = [
  'ST300STT;205000001;05;527;20240501;10:15:00;be139;-23.561400;-046.655900;036.000;090.00;11;1;5000;13.20;100000;2;0173',
  'ST300STT;205000001;05;527;20240501;10:15:00;be139;-23.5614;-46.6559;0;0;11;1;5000;13.20;100000;2;0173',
  'ST300ALT;205000001;05;527;20240501;10:15:00;be139;-23.561400;-046.655900;000.000;000.00;9;1;0;12.50;000000;2;0174;4',
  'ST300ALV;205000001',
  'ALV;205000001',
  'SA200STT;317001;042;20240501;10:15:00;16d41;-15.618755;-056.083241;036.000;123.45;8;1;41548;12.17;100000;2;1979',
  'ST600STT;008000001;20;419;20240501;10:15:00;0032cc3e;724;05;445c;41;-16.53;-68.08;018.640;267.99;10;1;11655;13.33;100000;2;0336',
  'ST500STT;205000002;07;843;20240501;10:15:00;+19.338432;-099.179817;000.283;000.00;6;1;141121;12.89;0;0;1',
  'ST300CMD;Res;205000001;527;Enable1',
  'ST300HTE;205000001;45;308;20240501;10:15:00;0;12.50;001354;0.0;1;0;1;1;0;-27.6;-52.2;-27.6;-52.2;0;2.2;0;01E04D44160000',
  'ST410EVT;007000001;426;03',
  'ST910;Location;205000003;500;20240501;10:15:00;-22.846014;-046.322176;010.000;045.00;1;3.8;0;1;9159',
  'ST910;Alert;205000003;410;20240501;10:15:00;+37.4;+126.8;000.000;000.00;0;4.0;1;6002',
  'STT;0560009999;01983F;56;1.0.15;0;20240501;10:15:00;-23.5614;-46.6559;7;0',
  'STT;0560009999;001801;-23.5614;-46.6559',
];
const UEX = 'ST300UEX;205000001;05;527;20240501;10:15:00;be139;-23.561400;-046.655900;000.000;000.00;9;1;0;12.50;000000;19;RFID:00AABBCCDDEE\r\n;3E';

/** A field value as devices write them, or anything printable but the separator. */
const field = fc.oneof(
  fc.stringMatching(/^[+-]?\d{1,9}(\.\d{1,6})?$/),
  fc.stringMatching(/^[0-9A-Fa-f]{1,10}$/),
  fc.string({ maxLength: 12, unit: fc.integer({ min: 0x20, max: 0x7e }).filter((c) => c !== 0x3b).map((c) => String.fromCharCode(c)) }),
);
/** A sample with some fields replaced. */
const text = fc
  .tuple(fc.constantFrom(...SAMPLES), fc.array(fc.tuple(fc.nat(), field), { maxLength: 4 }), fc.constantFrom('\r', '\r\n'))
  .map(([sample, edits, end]) => {
    const values = sample.split(';');
    for (const [at, value] of edits) if (at % values.length > 0) values[at % values.length] = value;
    return Buffer.from(values.join(';') + end, 'latin1');
  });
/** Binary universal reports: status or alert, device id, mask, then the fields the mask announces (any bytes). */
const binary = fc
  .tuple(fc.constantFrom(0x81, 0x82), fc.uint8Array({ minLength: 5, maxLength: 5 }), fc.integer({ min: 0, max: 0xffffff }), fc.uint8Array({ maxLength: 60 }))
  .map(([type, id, mask, fields]) => {
    const body = Buffer.concat([Buffer.from(id), Buffer.from([mask >> 16, (mask >> 8) & 0xff, mask & 0xff]), Buffer.from(fields)]);
    const head = Buffer.from([type, body.length >> 8, body.length & 0xff]);
    return Buffer.concat([head, body]);
  });

/** Compressed reports: header, length, status type, then any bytes and the footer. */
const zip = fc.uint8Array({ minLength: 40, maxLength: 60 }).map((fields) => {
  const body = Buffer.concat([Buffer.from([0x10]), Buffer.from(fields)]);
  return Buffer.concat([Buffer.from([0x02, body.length >> 8, body.length & 0xff]), body, Buffer.from([0x03])]);
});
/** Crash report parts: any binary data (line breaks included) of the length the header gives. */
const crash = fc.tuple(fc.integer({ min: 1, max: 2 }), fc.uint8Array({ maxLength: 160 })).map(([part, data]) =>
  Buffer.concat([Buffer.from(`CRR;0910000063;${part};2;${String(data.length).padStart(4, '0')};`), Buffer.from(data), Buffer.from(';D5\r')]),
);

const valid = framesInARow(
  fc.oneof(
    { arbitrary: text, weight: 4 },
    { arbitrary: binary, weight: 1 },
    { arbitrary: zip, weight: 1 },
    { arbitrary: crash, weight: 1 },
    { arbitrary: fc.constant(Buffer.from(UEX + '\r')), weight: 1 },
  ),
  8,
);

/**
 * A line break that ends a read ends the report, as in Traccar: waiting to see whether a `;`
 * follows (a UEX serial payload's line break) would hold every report back until the next one.
 * So cuts do not fall right after a CR or CR LF; everywhere else they must change nothing.
 */
function cutsNotAfterCr(frames: Buffer[], offsets: number[]): number[] {
  const stream = Buffer.concat(frames);
  const allowed: number[] = [];
  const afterLineBreak = (at: number) => stream[at - 1] === 0x0d || (stream[at - 1] === 0x0a && stream[at - 2] === 0x0d);
  for (let at = 0; at <= stream.length; at++) if (at === 0 || !afterLineBreak(at)) allowed.push(at);
  return offsets.map((o) => allowed[o % allowed.length]);
}

const properties = checkCodec(suntechCodec, valid, {
  prefixes: [Buffer.from('ST300STT;'), Buffer.from('STT;'), Buffer.from('CRR;1;1;1;0020;'), Buffer.from([0x81, 0x00]), Buffer.from([0x02, 0x00])],
  cuts: cutsNotAfterCr,
});

describeCodecProperties('Suntech', properties);
