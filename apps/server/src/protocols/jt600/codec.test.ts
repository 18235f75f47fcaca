import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest, text } from '../testing/protocol-test.ts';
import { jt600Codec } from './codec.ts';

const cell = (cellId: number, lac: number, signalStrength: number) => ({
  radioType: 'gsm',
  considerIp: false,
  cellTowers: [{ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: lac, cellId, signalStrength }],
});

// Traccar's test frames.
const SHORT_V1 = '24311021600111001B16021105591022329862114046227B0598095080012327951435161F';
const LONG_P35 = '2475201509261611002313101503464722331560113555309F00000000002D0500CB206800F064109326381A03';
const LONG_P69 = '2480413009781914003406102107544354193631006213423b00000000006c070000000020e064f91ea0671d00020f0f0f0f0f0f0f0f0f0f07f100ea0f6e';
const V2 = '24624090196121001b19071703493631277203074235752f295800005308010000768b0822';
const V3 = '24657060730131001b13111710361906538525079524797f000000000000000003f300036c';
/** A sensor report as sent: its binary part escapes '(' as `=` 0x15. */
const WLNET_ESCAPED =
  '28383035343230313937332c312c3136382c574c4e45542c352c322c3d15022508595325169288057327940900003d1502250859551021220618730140644701011d4300000029';

describe('JT600 binary reports', () => {
  it('identifies the device by the id in every report', () => {
    identify(jt600Codec, binary(SHORT_V1), '3110216001');
  });

  it('decodes a short version 1 record: BCD location, satellites, power, altitude, cell', () => {
    protocolTest(jt600Codec).position(binary(SHORT_V1), {
      ...fix('2011-02-16T05:59:10.000Z', true, 22.54977, -114.077045),
      speed: 5,
      course: 304,
      altitude: 291,
      network: cell(10133, 5173, 22),
      attributes: { sat: 9, power: 80 },
    });
  });

  it('decodes a long (JT701) record and acknowledges it with (P35) when its status asks', () => {
    const device = protocolTest(jt600Codec);
    device.position(binary(LONG_P35), {
      fixTime: '2015-10-13T03:46:47.000Z',
      latitude: 22.5526,
      attributes: { odometer: 45000, sat: 5, alarm: 'vibration', blocked: true, status: 0xf0, batteryLevel: 100 },
    });
    expect(device.reply(binary(LONG_P35))?.toString()).toBe('(P35)');
  });

  it('acknowledges protocol version 0x19 with the record index', () => {
    expect(protocolTest(jt600Codec).reply(binary(LONG_P69))?.toString()).toBe('(P69,0,110)');
  });

  it('sends nothing for records that do not ask', () => {
    expect(protocolTest(jt600Codec).reply(binary(SHORT_V1))).toBeUndefined();
  });

  it('decodes version 2 status bytes, odometer and fuel', () => {
    protocolTest(jt600Codec).position(binary(V2), {
      fixTime: '2017-07-19T03:49:36.000Z',
      speed: 29,
      course: 176,
      attributes: { ignition: false, charge: true, blocked: true, alarm: 'gpsAntennaCut,overspeed,tow', odometer: 30347000, fuel: 8 },
    });
  });

  it('decodes version 3 bit fields', () => {
    protocolTest(jt600Codec).position(binary(V3), {
      fixTime: '2017-11-13T10:36:19.000Z',
      attributes: { fuel1: 0, fuel2: 0, fuel3: 0, odometer: 3000, ignition: true, status: 0xf30003 },
    });
  });

  it('decodes every record of a multi-record report', () => {
    const frame = '24408111888821001B09060908045322564025113242329F0598000001003F0000002D00AB';
    expect(protocolTest(jt600Codec).positions(binary(frame))).toHaveLength(1);
    const batch = '2440811188882400A209060908045322564025113242329F0598000001003F0000002D0009060908050322564025113242329F0598000001003F0000002D0009060908051322564025113242329F0598000001003F0000002D0009060908052322564025113242329F0598000001003F0000002D0009060908053322564025113242329F0598000001003F0000002D0009060908054322564025113242329F0598000001003F0000002D001F';
    const positions = protocolTest(jt600Codec).positions(binary(batch), { fixTime: '2009-06-09T08:04:53.000Z' });
    expect(positions.map((p) => p.fixTime.toISOString().slice(11, 19))).toEqual(['08:04:53', '08:05:03', '08:05:13', '08:05:23', '08:05:33', '08:05:43']);
  });
});

describe('JT600 text reports', () => {
  it('decodes U01 and answers (S39)', () => {
    const device = protocolTest(jt600Codec);
    const frame = text('(3301210003,U01,040812,185302,T,22.564025,N,113.242329,E,5.21,152,9,32%,00000000000011,10133,5173,22,100,1)');
    device.position(frame, {
      ...fix('2012-08-04T18:53:02.000Z', true, 22.564025, 113.242329),
      speed: 5.21 * 0.868976,
      course: 152,
      network: cell(10133, 5173, 22),
      attributes: { sat: 9, batteryLevel: 32, status: 3, odometer: 100000, index: 1 },
    });
    expect(device.reply(frame)?.toString()).toBe('(S39)');
  });

  it('decodes U06 (with its alarm field) and answers (S20)', () => {
    const frame = text('(3460311327,U06,11,220916,135643,T,9.552553,N,13.658265,W,0.61,0,9,100%,00000001000000,11012,10,30,0,0,126,0,30)');
    const device = protocolTest(jt600Codec);
    device.position(frame, { latitude: 9.552553, longitude: -13.658265, attributes: { batteryLevel: 100, status: 64 } });
    expect(device.reply(frame)?.toString()).toBe('(S20)');
  });

  it('decodes W01, longitude first, speed in km/h', () => {
    protocolTest(jt600Codec).position(text('(3110312099,W01,11404.6204,E,2232.9961,N,A,040511,063736,4,7,100,4,17,1,1,company)'), {
      ...fix('2011-05-04T06:37:36.000Z', true, 22.54994, 114.07701),
      speed: 4 * 0.539957,
      course: 7,
      attributes: { power: 100, gps: 4, rssi: 17, alertType: 1 },
    });
  });

  it('decodes a P45 lock event with its card and answers with the index', () => {
    const device = protocolTest(jt600Codec);
    const frame = text('(2050018634,P45,051124,204046,9.861502,N,83.950336,W,A,1,0,1,1,0012260888,0,0,0)');
    device.position(frame, {
      fixTime: '2024-11-05T20:40:46.000Z',
      latitude: 9.861502,
      longitude: -83.950336,
      attributes: { eventSource: 1, driverUniqueId: '0012260888' },
    });
    expect(device.reply(frame)?.toString()).toBe('(P69,0,0)');
    const noCard = device.position(text('(8000632862,P45,290322,132412,25.28217,S,57.54683,W,A,0,0,5,0,0000000000,0,0,9,0)'));
    expect(noCard.attributes.driverUniqueId).toBeUndefined();
  });

  it('resolves escapes in a WLNET sensor report', () => {
    protocolTest(jt600Codec).position(binary(WLNET_ESCAPED), {
      ...fix('2025-02-28T08:59:53.000Z', true, -(25 + 16.9288 / 60), -(57 + 32.794 / 60)),
      attributes: { sensorBattery: 3.2, sensorBatteryLevel: 100, sensorRssi: -71, temp1: 28.5, humidity: 67 },
    });
  });

  it('decodes nothing from keep-alives and unknown reports', () => {
    const device = protocolTest(jt600Codec);
    expect(device.none(text('(3460311327,@JT)'))).toBeUndefined();
    device.none(text('(3301210003,U04)'));
    device.none(text('(6221107674,2,U09,129,2,A,280513113036,E,02711.0500,S,1721.0876,A,030613171243,E,02756.7618,S,2300.0325,3491,538200,14400,1)'));
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
    const frame = binary(LONG_P69);
    for (const cut of [1, 9, 10, frame.length - 1]) expect(jt600Codec.frameLength(frame.subarray(0, cut))).toBe(0);
    expect(jt600Codec.frameLength(frame)).toBe(frame.length);
    const line = text('(3460311327,U01,220916,135251,T,9.552607,N,13.658292,W,0.31,0,9,0%,00001001000000,11012,10,27,0,0,33)');
    expect(jt600Codec.frameLength(line.subarray(0, 20))).toBe(0);
    expect(jt600Codec.frameLength(Buffer.concat([line, binary(SHORT_V1)]))).toBe(line.length);
  });

  it('keeps an escaped sensor report whole', () => {
    expect(jt600Codec.frameLength(binary(WLNET_ESCAPED, SHORT_V1))).toBe(WLNET_ESCAPED.length / 2);
  });

  it('rejects junk and finds the next frame after it', () => {
    const stream = Buffer.concat([text('\r\nxx'), text('(3460311327,@JT)')]);
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
