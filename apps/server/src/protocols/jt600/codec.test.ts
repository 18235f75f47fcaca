import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, gsmNetwork, identify, protocolTest, text } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { jt600Codec } from './codec.ts';

const cell = (cellId: number, lac: number, signalStrength: number) =>
  gsmNetwork({ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: lac, cellId, signalStrength });

// Frames by their line in Traccar's Jt600ProtocolDecoderTest (vectors/traccar/jt600.json).
const jt600 = traccarFrames('jt600');
const SHORT_V1 = jt600(105);
const LONG_P69 = jt600(30);
/** The sensor report of line 14 as sent: its binary part escapes '(' as `=` 0x15 (Traccar's test holds it unescaped). */
const WLNET_ESCAPED = Buffer.from('(' + jt600(14).toString('latin1').slice(1).replaceAll('(', '=\x15'), 'latin1');

describe('JT600 binary reports', () => {
  it('identifies the device by the id in every report', () => {
    identify(jt600Codec, SHORT_V1, '3110216001');
  });

  it('decodes a short version 1 record: BCD location, satellites, power, altitude, cell', () => {
    protocolTest(jt600Codec).position(SHORT_V1, {
      ...fix('2011-02-16T05:59:10.000Z', true, 22.54977, -114.077045),
      speed: 5,
      course: 304,
      altitude: 291,
      network: cell(10133, 5173, 22),
      attributes: { sat: 9, power: 80 },
    });
  });

  it('decodes a long (JT701) record and acknowledges it with (P35) when its status asks', () => {
    const { reply } = protocolTest(jt600Codec).answered(jt600(36), {
      fixTime: '2015-10-13T03:46:47.000Z',
      latitude: 22.5526,
      attributes: { odometer: 45000, sat: 5, alarm: 'vibration', blocked: true, status: 0xf0, batteryLevel: 100 },
    });
    expect(reply?.toString()).toBe('(P35)');
  });

  it('acknowledges protocol version 0x19 with the record index', () => {
    expect(protocolTest(jt600Codec).reply(LONG_P69)?.toString()).toBe('(P69,0,110)');
  });

  it('sends nothing for records that do not ask', () => {
    expect(protocolTest(jt600Codec).reply(SHORT_V1)).toBeUndefined();
  });

  it('decodes version 2 status bytes, odometer and fuel', () => {
    protocolTest(jt600Codec).position(jt600(60), {
      fixTime: '2017-07-19T03:49:36.000Z',
      speed: 29,
      course: 176,
      attributes: { ignition: false, charge: true, blocked: true, alarm: 'gpsAntennaCut,overspeed,tow', odometer: 30347000, fuel: 8 },
    });
  });

  it('decodes version 3 bit fields', () => {
    protocolTest(jt600Codec).position(jt600(57), {
      fixTime: '2017-11-13T10:36:19.000Z',
      attributes: { fuel1: 0, fuel2: 0, fuel3: 0, odometer: 3000, ignition: true, status: 0xf30003 },
    });
  });

  it('decodes every record of a multi-record report', () => {
    expect(protocolTest(jt600Codec).positions(jt600(51))).toHaveLength(1);
    const positions = protocolTest(jt600Codec).positions(jt600(42), { fixTime: '2009-06-09T08:04:53.000Z' });
    expect(positions.map((p) => p.fixTime.toISOString().slice(11, 19))).toEqual(['08:04:53', '08:05:03', '08:05:13', '08:05:23', '08:05:33', '08:05:43']);
  });
});

describe('JT600 text reports', () => {
  it('decodes U01 and answers (S39)', () => {
    const { reply } = protocolTest(jt600Codec).answered(jt600(75), {
      ...fix('2012-08-04T18:53:02.000Z', true, 22.564025, 113.242329),
      speed: 5.21 * 0.868976,
      course: 152,
      network: cell(10133, 5173, 22),
      attributes: { sat: 9, batteryLevel: 32, status: 3, odometer: 100000, index: 1 },
    });
    expect(reply?.toString()).toBe('(S39)');
  });

  it('decodes U06 (with its alarm field) and answers (S20)', () => {
    const { reply } = protocolTest(jt600Codec).answered(jt600(99), { latitude: 9.552553, longitude: -13.658265, attributes: { batteryLevel: 100, status: 64 } });
    expect(reply?.toString()).toBe('(S20)');
  });

  it('decodes W01, longitude first, speed in km/h', () => {
    protocolTest(jt600Codec).position(jt600(118), {
      ...fix('2011-05-04T06:37:36.000Z', true, 22.54994, 114.07701),
      speed: 4 * 0.539957,
      course: 7,
      attributes: { power: 100, gps: 4, rssi: 17, alertType: 1 },
    });
  });

  it('decodes a P45 lock event with its card and answers with the index', () => {
    const device = protocolTest(jt600Codec);
    const { reply } = device.answered(jt600(21), {
      fixTime: '2024-11-05T20:40:46.000Z',
      latitude: 9.861502,
      longitude: -83.950336,
      attributes: { eventSource: 1, driverUniqueId: '0012260888' },
    });
    expect(reply?.toString()).toBe('(P69,0,0)');
    const noCard = device.position(jt600(27));
    expect(noCard.attributes.driverUniqueId).toBeUndefined();
  });

  it('resolves escapes in a WLNET sensor report', () => {
    protocolTest(jt600Codec).position(WLNET_ESCAPED, {
      ...fix('2025-02-28T08:59:53.000Z', true, -(25 + 16.9288 / 60), -(57 + 32.794 / 60)),
      attributes: { sensorBattery: 3.2, sensorBatteryLevel: 100, sensorRssi: -71, temp1: 28.5, humidity: 67 },
    });
  });

  it('decodes nothing from keep-alives and unknown reports', () => {
    const device = protocolTest(jt600Codec);
    expect(device.none(jt600(96))).toBeUndefined();
    device.none(jt600(84));
    device.none(jt600(128));
  });
});

describe('JT600 framing', () => {
  it('splits concatenated binary reports by their length', () => {
    const stream = binary(
      '24315011626912001b21111718095900000000000000000e0000005c000000000000000000',
      '24315011626912001b22111708130400000000000000000e0000005a000000000000000000',
      '24315011626912001b22111708140400000000000000000e0000005a000000723e18a61b01',
    );
    expect(jt600Codec.frameLength(stream)).toBe(37);
    expect(protocolTest(jt600Codec).decode(stream)).toHaveLength(3);
  });

  it('waits for the rest of a split report', () => {
    const frame = LONG_P69;
    for (const cut of [1, 9, 10, frame.length - 1]) expect(jt600Codec.frameLength(frame.subarray(0, cut))).toBe(0);
    expect(jt600Codec.frameLength(frame)).toBe(frame.length);
    const line = jt600(90);
    expect(jt600Codec.frameLength(line.subarray(0, 20))).toBe(0);
    expect(jt600Codec.frameLength(Buffer.concat([line, SHORT_V1]))).toBe(line.length);
  });

  it('keeps an escaped sensor report whole', () => {
    expect(jt600Codec.frameLength(Buffer.concat([WLNET_ESCAPED, SHORT_V1]))).toBe(WLNET_ESCAPED.length);
  });

  it('rejects junk and finds the next frame after it', () => {
    const stream = Buffer.concat([text('\r\nxx'), jt600(96)]);
    expect(() => jt600Codec.frameLength(stream)).toThrow(ProtocolError);
    expect(jt600Codec.frameStart!(stream, 1)).toBe(4);
    expect(jt600Codec.frameStart!(text('junk'), 0)).toBe(-1);
  });
});

describe('JT600 commands', () => {
  const encode = (type: string, attributes: Record<string, unknown> = {}) =>
    jt600Codec.encodeCommand({ type, attributes }, { device: { id: 1, uniqueId: '3301210003' }, data: {} }).toString();

  it('lists Traccar’s commands and custom', () => {
    expect(jt600Codec.commandTypes).toEqual(['engineStop', 'engineResume', 'setTimezone', 'rebootDevice', 'custom']);
  });

  it.each([
    ['engineStop', {}, '(S07,0)'],
    ['engineResume', {}, '(S07,1)'],
    ['setTimezone', { timezone: 'GMT+4' }, '(S09,1,240)'],
    ['setTimezone', { timezone: 'GMT-03:30' }, '(S09,1,-210)'],
    ['setTimezone', { timezone: 'Europe/Berlin' }, '(S09,1,60)'],
    ['setTimezone', { timezone: 'America/Sao_Paulo' }, '(S09,1,-180)'],
    ['rebootDevice', {}, '(S17)'],
    ['custom', { data: '(S01)\\r\\n' }, '(S01)\r\n'],
  ])('%s %j is %s', (type, attributes, expected) => {
    expect(encode(type, attributes)).toBe(expected);
  });

  it.each([
    ['an unsupported type', 'positionPeriodic', {}],
    ['a time zone it does not know', 'setTimezone', { timezone: 'Mars/Olympus' }],
    ['custom without data', 'custom', {}],
  ])('refuses %s', (_name, type, attributes) => {
    expect(() => encode(type, attributes)).toThrow(ProtocolError);
  });
});
