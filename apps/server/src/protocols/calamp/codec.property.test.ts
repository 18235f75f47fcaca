import fc from 'fast-check';
import { describe, it } from 'vitest';
import { mutated, noise, survives } from '../codec-properties.ts';
import { binary } from '../testing/protocol-test.ts';
import { calampCodec } from './codec.ts';

/** Messages of every type with an options header and any body: valid reports and garbage alike. */
const message = fc
  .record({ id: fc.uint8Array({ minLength: 1, maxLength: 8 }), service: fc.nat({ max: 2 }), type: fc.nat({ max: 12 }), body: fc.uint8Array({ maxLength: 120 }) })
  .map(({ id, service, type, body }) => Buffer.concat([Buffer.from([0x83, id.length]), id, Buffer.from([1, 1, service, type, 0, 1]), body]));
const datagram = fc.oneof(message, noise([binary('83'), binary('8305')]));

describe('CalAmp codec properties', () => {
  it('a datagram is one frame', () => {
    fc.assert(fc.property(message, (bytes) => calampCodec.frameLength(bytes) === bytes.length));
  });

  it('random and mutated datagrams give a ProtocolError at worst', () => {
    fc.assert(fc.property(fc.oneof(datagram, mutated(message)), fc.boolean(), (bytes, identified) => survives(calampCodec, bytes, identified)), { numRuns: 900 });
  });
});
