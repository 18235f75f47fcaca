import { describe, expect, it } from 'vitest';
import { teltonikaCodec } from './tcp.ts';
import { gsmNetwork } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');
// Frames by their line in Traccar's TeltonikaProtocolDecoderTest (vectors/traccar/teltonika.json).
const teltonika = traccarFrames('teltonika');

function decode(frame: Buffer) {
  return teltonikaCodec.decode(frame, { device: null, data: {} }, RECEIVED);
}

describe('Teltonika codec 7 (GH3000)', () => {
  it('decodes the location fields the mask announces, with the serving cell', () => {
    // Two records, location only.
    const result = decode(teltonika(129));
    expect(result.reply?.toString('hex')).toBe('00000002');
    const [first, second] = result.positions ?? [];
    expect(first).toMatchObject({ valid: true, outdated: false, altitude: 61, speed: 0, course: 0, attributes: { sat: 5 } });
    expect(first.fixTime.toISOString()).toBe('2013-07-31T22:30:35.000Z');
    expect(first.latitude).toBeCloseTo(44.440189, 6);
    expect(first.longitude).toBeCloseTo(26.093126, 6);
    expect(first.network).toEqual(gsmNetwork({ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 100, cellId: 33791 }));
    expect(second.fixTime.toISOString()).toBe('2013-07-31T22:30:03.000Z');
  });

  it('reads its own IO table, the signal and the operator of the cell', () => {
    const [position] = decode(teltonika(126)).positions ?? [];
    expect(position.fixTime.toISOString()).toBe('2007-12-06T12:36:00.000Z');
    expect(position).toMatchObject({ altitude: 158, course: 25.3125 });
    expect(position.speed).toBeCloseTo(5 / 1.852, 5);
    expect(position.network?.cellTowers).toEqual([{ mobileCountryCode: 246, mobileNetworkCode: 2, locationAreaCode: 1, cellId: 779, signalStrength: -22 }]);
    expect(position.attributes).toEqual({ sat: 7, batteryLevel: 94, usbConnected: false, hdop: 10.2, vdop: 1, pdop: 10.3, uptime: 3300 });
  });

  it('keeps a record without location as an outdated one at its own time, and drops an empty one', () => {
    // Global mask 0x02: no location, one group of 1-byte values (240 = motion); then an empty record.
    const result = decode(Buffer.from('0000000000000013070250aa14320201f00150aa14330002000000000000', 'hex'));
    const [position] = result.positions ?? [];
    expect(result.positions).toHaveLength(1);
    expect(position).toMatchObject({ outdated: true, attributes: { motion: true } });
    expect(position.deviceTime.toISOString()).toBe('2015-11-10T21:35:46.000Z');
    expect(result.reply?.toString('hex')).toBe('00000002');
  });
});
