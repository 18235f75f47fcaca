import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { fix, gsmNetwork, protocolTest } from '../testing/protocol-test.ts';
import type { DecodedPosition } from '../types.ts';
import { meitrackCodec } from './codec.ts';
import { deviceFrame } from './test-frames.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

// Frames by their line in Traccar's MeitrackProtocolDecoderTest (vectors/traccar/meitrack.json).
const meitrack = traccarFrames('meitrack');
/** A CCE batch of one record with the lock state and event 35. */
const CCE_LOCK = meitrack(48);

describe('Meitrack CCC batches', () => {
  it('decodes the 52-byte records and acknowledges their number under the same flag', () => {
    const device = protocolTest(meitrackCodec);
    const { reply } = device.answered(meitrack(173), {
      ...fix('2014-05-24T04:59:49.000Z', false, -7.266504, 112.743651),
      network: gsmNetwork({ mobileCountryCode: 510, mobileNetworkCode: 1, locationAreaCode: 13572, cellId: 60414, signalStrength: 19 }),
      attributes: { event: 35, sat: 9, odometer: 80083, runtime: 180092, status: 2, adc1: 5, battery: 4.19, power: 0 },
    });
    expect(reply?.toString()).toBe('@@X27,369800014090021,CCC,1*E4\r\n');
  });

  it('counts every record of a longer batch in the acknowledgement', () => {
    const records = Buffer.alloc(52 * 12);
    const frame = deviceFrame('G', '369800013460674', Buffer.concat([Buffer.from('CCC,'), Buffer.from('0201340018000000', 'hex'), records]));
    const [result] = protocolTest(meitrackCodec).decode(frame);
    expect(result.positions).toHaveLength(12);
    expect(result.reply?.toString()).toBe('@@G28,369800013460674,CCC,12*14\r\n');
  });
});

/** Decodes one frame whatever its checksum (two of Traccar's CCE frames carry a wrong one). */
function decodeOne(frame: Buffer): DecodedPosition {
  const positions = meitrackCodec.decode(frame, protocolTest(meitrackCodec).state, new Date()).positions ?? [];
  expect(positions).toHaveLength(1);
  return positions[0];
}

describe('Meitrack CCE batches', () => {
  it('decodes parameter lists: fix, speed, power, odometer, engine hours, OBD values', () => {
    const position = decodeOne(meitrack(29));
    expect(position).toMatchObject({ valid: true, latitude: -0.870123, longitude: 116.741464, course: 86, altitude: 42 });
    expect(position.fixTime.toISOString()).toBe('2023-12-19T08:21:50.000Z');
    expect(position.speed).toBeCloseTo(36 * 0.539957);
    expect(position.network?.cellTowers).toEqual([{ mobileCountryCode: 510, mobileNetworkCode: 10, locationAreaCode: 18047, cellId: 64623, signalStrength: 0 }]);
    expect(position.attributes).toMatchObject({
      event: 35, sat: 38, rssi: 9, input: 2, hdop: 7, adc1: 0.06, power: 28.3, odometer: 25980929, runtime: 12749428,
      hours: 644515 * 60000, rpm: 1263, coolantTemp: 82, obdSpeed: 40, throttle: 98, obdOdometer: 37642960, fuelConsumption: 68.7,
    });
  });

  it('decodes a Bluetooth tag and the battery level', () => {
    expect(decodeOne(meitrack(33)).attributes).toMatchObject({ tagName: 'tnhsensor', tagBattery: 100, tagTemp: 27.01953125, tagHumidity: 59.45703125, batteryLevel: 96, power: 12.28 });
  });

  it('decodes the levels of several batteries', () => {
    protocolTest(meitrackCodec).position(meitrack(37), { attributes: { batteryLevel: 1, battery2Level: 88, battery3Level: 56 } });
  });

  it('names the picture of an ADAS alarm', () => {
    protocolTest(meitrackCodec).position(meitrack(21), { attributes: { alarmType: 7, image: '2025-06-07/20250607122041_CH1_dca.jpg' } });
  });

  it('decodes the lock state and the event alarm', () => {
    protocolTest(meitrackCodec).position(CCE_LOCK, { attributes: { lock: true, event: 35 } });
    const sos = deviceFrame('A', '1', Buffer.concat([Buffer.from('CCE,'), Buffer.from('00000000 0100 0800 0000 01 0101 00 00 00'.replace(/ /g, ''), 'hex')]));
    protocolTest(meitrackCodec).position(sos, { attributes: { event: 1, alarm: 'sos' } });
  });

  it('sends no acknowledgement, as Traccar', () => {
    expect(protocolTest(meitrackCodec).reply(CCE_LOCK)).toBeUndefined();
  });

  it('rejects a record longer than the batch', () => {
    const truncated = deviceFrame('A', '1', Buffer.concat([Buffer.from('CCE,'), Buffer.from('000000000100ff00', 'hex')]));
    expect(() => meitrackCodec.decode(truncated, protocolTest(meitrackCodec).state, new Date())).toThrow(ProtocolError);
  });
});
