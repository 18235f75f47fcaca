import { KNOTS_PER_KMH } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { gl200Codec } from './codec.ts';

// Frames by their line in Traccar's Gl200BinaryProtocolDecoderTest (vectors/traccar/gl200.json, which
// holds the text test's frames too, on other lines).
const gl200 = traccarFrames('gl200', 'Gl200BinaryProtocolDecoderTest.java');

describe('gl200 binary reports', () => {
  it('decodes +RSP location reports', () => {
    const device = protocolTest(gl200Codec);
    const [result] = device.decode(gl200(25));
    expect(result.uniqueId).toBe('6211119207959184133');
    expect(result.positions).toHaveLength(1);
    expect(result.positions?.[0]).toMatchObject({
      valid: false,
      latitude: 39.611009,
      longitude: -9.068207,
      altitude: 126,
      network: { cellTowers: [{ mobileCountryCode: 616, mobileNetworkCode: 3, locationAreaCode: 0x189c, cellId: 0x1ac5 }] },
      attributes: { batteryLevel: 100, power: 14.206, sat: 7, hdop: 0 },
    });
    expect(result.positions?.[0].fixTime.toISOString()).toBe('2017-08-01T08:26:42.000Z');
  });

  it('decodes compressed +RSP reports: full points, then deltas a second apart', () => {
    const device = protocolTest(gl200Codec);
    const positions = device.positions(gl200(19), { fixTime: '2017-08-01T08:36:27.000Z', valid: true, latitude: 39.611129, longitude: -9.068108, speed: 22.7 * KNOTS_PER_KMH, course: 240 });
    // The second point: speed +0.1 km/h, heading -1°, then the position deltas.
    expect(positions[1]).toMatchObject({ latitude: 39.611095, longitude: -9.06817, course: 239 });
    expect(positions[1].speed).toBeCloseTo(22.8 * KNOTS_PER_KMH, 6);
    expect(positions[1].fixTime.toISOString()).toBe('2017-08-01T08:36:28.000Z');
    expect(positions.length).toBeGreaterThan(200);
  });

  it('decodes +EVT events, with the ignition of virtual ignition events', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(31), { fixTime: '2017-07-10T20:04:18.000Z', latitude: 39.611, longitude: -9.068262, altitude: 125, course: 63, attributes: { versionFw: '264', batteryLevel: 100, power: 12.586, sat: 9 } });
    device.position(gl200(16), { fixTime: '2017-08-01T08:36:26.000Z', attributes: { ignition: true, power: 14.328 } });
  });

  it('decodes +INF information without a location', () => {
    const device = protocolTest(gl200Codec);
    device.position(gl200(28), { outdated: true, attributes: { versionFw: '260', sat: 0 } });
  });

  it('decodes the record format: GNSS data items of each record', () => {
    const device = protocolTest(gl200Codec);
    const [result] = device.decode(gl200(13));
    expect(result.uniqueId).toBe('865134050947226');
    expect(result.positions).toHaveLength(1);
    expect(result.positions?.[0]).toMatchObject({ valid: true, latitude: 44.833422, longitude: -91.543308, altitude: 434.1, speed: 0, attributes: { hdop: 2.2, sat: 5 } });
    expect(result.positions?.[0].fixTime.toISOString()).toBe('2026-06-26T19:45:53.000Z');
  });

  it('does not decode binary acknowledgements', () => {
    const device = protocolTest(gl200Codec);
    device.none(gl200(34));
  });
});
