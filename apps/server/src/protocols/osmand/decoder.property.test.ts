import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectSane } from '../codec-properties.ts';
import { decodeOsmAnd, type OsmAndRequest } from './decoder.ts';

/** Decoding never throws: a request is either a message or a 400 with its reason; a message is sane. */
function survives(request: OsmAndRequest): void {
  const result = decodeOsmAnd(request);
  if (result.ok) {
    expect(typeof result.message.uniqueId).toBe('string');
    if (result.message.position) expectSane({ positions: [result.message.position] });
  } else {
    expect(typeof result.error).toBe('string');
  }
}

const RECEIVED_AT = new Date('2025-01-01T00:00:00Z');
const KEYS = [
  'id', 'deviceid', 'timestamp', 'lat', 'lon', 'location', 'speed', 'bearing', 'heading', 'altitude', 'accuracy', 'hdop',
  'batt', 'valid', 'charge', 'driverUniqueId', 'cell', 'wifi', 'notificationToken', 'motion', 'odometer', 'x',
];
const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.double().map(String),
  fc.integer().map(String),
  fc.constantFrom('', 'NaN', 'Infinity', '-0', '1e400', '9'.repeat(40), '2016-01-27T18:55:47Z', '2014-06-04 09:10:11', '60.0,30.0', '257,02,16,2224', '00-14-22-01-23-45,-80', 'true'),
);
const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), value), { maxLength: 12 }).map((pairs) => {
  const params = new URLSearchParams(pairs);
  if (!params.has('id')) params.append('id', '123456');
  return params.toString();
});
const coords = fc.dictionary(fc.constantFrom('latitude', 'longitude', 'accuracy', 'speed', 'heading', 'altitude', 'x'), fc.jsonValue({ maxDepth: 2 }));
const location = fc.record(
  {
    timestamp: fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.jsonValue({ maxDepth: 1 })),
    coords,
    is_moving: fc.jsonValue({ maxDepth: 1 }),
    odometer: fc.jsonValue({ maxDepth: 1 }),
    event: fc.jsonValue({ maxDepth: 1 }),
    battery: fc.dictionary(fc.constantFrom('level', 'is_charging'), fc.jsonValue({ maxDepth: 1 })),
    activity: fc.dictionary(fc.constantFrom('type'), fc.jsonValue({ maxDepth: 1 })),
    extras: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);
const json = fc.oneof(
  fc.record({ device_id: fc.oneof(fc.constant('123456'), fc.jsonValue({ maxDepth: 1 })), location }, { requiredKeys: ['device_id'] }).map((body) => JSON.stringify(body)),
  fc.jsonValue({ maxDepth: 3 }).map((body) => JSON.stringify(body)),
  fc.string({ maxLength: 200 }),
);

function request(url: string, body: string, contentType?: string): OsmAndRequest {
  return { method: 'POST', url, headers: contentType ? { 'content-type': contentType } : {}, body: Buffer.from(body), receivedAt: RECEIVED_AT };
}

describe('OsmAnd decoder properties', () => {
  it('any query string, form body or raw bytes: a message or a 400, never a throw', () => {
    fc.assert(
      fc.property(query, fc.boolean(), fc.uint8Array({ maxLength: 100 }), (q, asForm, raw) => {
        survives(asForm ? request('/', q, 'application/x-www-form-urlencoded') : request(`/?${q}`, ''));
        survives({ ...request(`/?${Buffer.from(raw).toString('latin1')}`, ''), body: Buffer.from(raw) });
      }),
      { numRuns: 1000 },
    );
  });

  it('any JSON body (or not JSON at all): a message or a 400, never a throw', () => {
    fc.assert(
      fc.property(json, (body) => survives(request('/', body, 'application/json'))),
      { numRuns: 1000 },
    );
  });
});
