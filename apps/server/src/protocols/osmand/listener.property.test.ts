import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cut } from '../codec-properties.ts';
import { RecordingContext } from '../testing/recording-context.ts';
import type { ProtocolListener } from '../types.ts';
import { startOsmAndListener } from './listener.ts';

/**
 * OsmAnd is HTTP, framed by Node's parser rather than a codec: the counterpart of the codecs'
 * chunking property is that requests pipelined on one keep-alive connection, cut anywhere into
 * TCP writes, store the same positions and get the same answers as the stream written at once.
 */

const ID = fc.constantFrom('phone-1', 'truck-2');
const coordinate = (max: number) => fc.integer({ min: -max * 1e5, max: max * 1e5 }).map((n) => n / 1e5);
const fix = fc.record({
  id: ID,
  time: fc.integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2030, 0, 1) / 1000 }),
  lat: coordinate(90),
  lon: coordinate(180),
  speed: fc.integer({ min: 0, max: 200 }),
  batt: fc.integer({ min: 0, max: 100 }),
});
type Fix = typeof fix extends fc.Arbitrary<infer T> ? T : never;

const query = (f: Fix) => `id=${f.id}&timestamp=${f.time}&lat=${f.lat}&lon=${f.lon}&speed=${f.speed}&batt=${f.batt}`;
const withBody = (head: string, type: string, body: string) =>
  `${head}\r\nHost: test\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** The three forms a device uses: a query string, a form body, Traccar Client's JSON. */
const request = fc.tuple(fc.constantFrom('query', 'form', 'json'), fix).map(([form, f]) => {
  if (form === 'query') return `GET /?${query(f)} HTTP/1.1\r\nHost: test\r\n\r\n`;
  if (form === 'form') return withBody('POST / HTTP/1.1', 'application/x-www-form-urlencoded', query(f));
  const json = JSON.stringify({
    device_id: f.id,
    location: { timestamp: new Date(f.time * 1000).toISOString(), coords: { latitude: f.lat, longitude: f.lon, speed: f.speed }, battery: { level: f.batt / 100 } },
  });
  return withBody('POST / HTTP/1.1', 'application/json', json);
});

let listener: ProtocolListener;
let ctx: RecordingContext;

beforeAll(async () => {
  ctx = new RecordingContext((uniqueId) => uniqueId.length);
  listener = await startOsmAndListener(ctx, { port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await listener.close();
});

/** Writes the chunks one by one on one connection; resolves with the answers' status lines once all came. */
function send(chunks: Buffer[], expected: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(listener.port, '127.0.0.1');
    // each write leaves at once (no Nagle wait for the server's delayed acknowledgement)
    socket.setNoDelay(true);
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const statuses = data.match(/^HTTP\/1\.1 \d+/gm) ?? [];
      if (statuses.length >= expected) {
        socket.destroy();
        resolve(statuses);
      }
    });
    socket.on('error', reject);
    socket.on('connect', () => {
      void (async () => {
        for (const chunk of chunks) {
          socket.write(chunk);
          // let the server read this piece on its own
          await new Promise((r) => setTimeout(r, 1));
        }
      })();
    });
  });
}

/** What the listener stored while `run` went, and the answers. */
async function stored(run: () => Promise<string[]>) {
  const from = ctx.submitted.length;
  const statuses = await run();
  return { statuses, submitted: ctx.submitted.slice(from) };
}

describe('OsmAnd listener properties', () => {
  it('any cutting of pipelined requests into TCP writes stores the same positions, answered alike, as the stream whole', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 8 }), async (requests, offsets) => {
        const stream = Buffer.from(requests.join(''), 'latin1');
        const whole = await stored(() => send([stream], requests.length));
        expect(whole.statuses).toEqual(requests.map(() => 'HTTP/1.1 200'));
        expect(whole.submitted.map((s) => s.positions.length)).toEqual(requests.map(() => 1));
        const chunked = await stored(() => send(cut(stream, offsets), requests.length));
        expect(chunked).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });
});
