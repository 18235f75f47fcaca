import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCodec, framesInARow, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { watchCodec } from './codec.ts';

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
const id = fc.oneof(fc.stringMatching(/^\d{10}$/), fc.stringMatching(/^\d{15}$/));
const decimal = (whole: number) => fc.tuple(fc.integer({ min: 0, max: whole }), fc.integer({ min: 0, max: 999_999 })).map(([w, f]) => `${w}.${f}`);
const cells = fc.array(fc.tuple(fc.integer({ min: 1, max: 65_535 }), fc.integer({ min: 0, max: 268_435_455 }), fc.integer({ min: 0, max: 200 })), { maxLength: 7 });
const wifis = fc.array(fc.tuple(fc.stringMatching(/^[a-zA-Z0-9 _-]{0,12}$/), fc.uint8Array({ minLength: 6, maxLength: 6 }), fc.integer({ min: -110, max: -20 })), { maxLength: 5 });

/** Location reports as the watches send them: cells, then Wi-Fi, then an accuracy. */
const location = fc
  .record({
    type: fc.constantFrom('UD', 'UD2', 'UD_LTE', 'UD_WCDMA', 'AL', 'AL_LTE', 'WT'),
    date: fc.tuple(two(28), two(12), two(99)).map((t) => t.join('')),
    time: fc.tuple(two(23), two(59), two(59)).map((t) => t.join('')),
    validity: fc.constantFrom('A', 'V'),
    lat: decimal(89),
    ns: fc.constantFrom('N', 'S', ''),
    lon: decimal(179),
    ew: fc.constantFrom('E', 'W', ''),
    speed: decimal(200),
    battery: fc.integer({ min: 0, max: 100 }),
    status: fc.integer({ min: 0, max: 0xffffffff }).map((n) => n.toString(16).padStart(8, '0')),
    cells,
    wifis,
  })
  .map((r) => {
    const cellText = r.cells.length ? `${r.cells.length},1,460,0,${r.cells.map((c) => c.join(',')).join(',')}` : '0,1';
    const wifiText = `${r.wifis.length}${r.wifis.map(([name, mac, rssi]) => `,${name},${Buffer.from(mac).toString('hex').replace(/(..)(?!$)/g, '$1:')},${rssi}`).join('')}`;
    return `${r.type},${r.date},${r.time},${r.validity},${r.lat},${r.ns},${r.lon},${r.ew},${r.speed},0.0,0.0,7,80,${r.battery},0,0,${r.status},${cellText},${wifiText},15.0`;
  });
const other = fc.constantFrom('LK', 'LK,0,10,100', 'TKQ', 'TKQ2', 'INIT', 'heart,71', 'bphrt,120,79,73,,,,', 'TEMP,36.5', 'oxygen,0,98', 'JXTK,0,a,1,2,}\x01}\x02\xff');

const message = fc
  .record({ manufacturer: fc.constantFrom('SG', '3G', 'CS', 'ZJ'), id, index: fc.option(fc.stringMatching(/^[0-9a-f]{4}$/)), content: fc.oneof(location, other) })
  .map(({ manufacturer, id, index, content }) => {
    const length = content.length.toString(16).padStart(4, '0');
    return Buffer.from(`[${manufacturer}*${id}*${index === null ? '' : `${index}*`}${length}*${content}]`, 'latin1');
  });
const valid = framesInARow(message, 6);
const properties = checkCodec(watchCodec, valid, { prefixes: [Buffer.from('[SG*1234567890*0010*UD,'), Buffer.from('[3G*1234567890*')] });

describe('watch codec properties', () => {
  itKeepsCodecProperties(properties);
  it('a long message full of separators is decoded or refused, without a hang', () => {
    for (const body of [',', '1,', '[', '-1.', 'A,'].map((unit) => unit.repeat(10_000))) {
      survives(watchCodec, Buffer.from(`[SG*1234567890*0010*UD,${body}]`, 'latin1'), true);
    }
  });
});
