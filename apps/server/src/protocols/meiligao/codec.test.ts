import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest, text } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { meiligaoCodec, meiligaoUdpCodec } from './codec.ts';
import { crc16CcittFalse } from '../kit/crc.ts';

// Frames by their line in Traccar's MeiligaoProtocolDecoderTest (vectors/traccar/meiligao.json).
const meiligao = traccarFrames('meiligao');
/** Login (0x5000). */
const LOGIN = meiligao(76);
/** Position report (0x9955) with HDOP, altitude, I/O, ADC, signal, odometer and satellites. */
const POSITION = meiligao(18);

const ID = '142180340967ff';
const SENTENCE = '033230.000,A,1516.8099,N,10452.8855,E,0.00,33,081220,,*36|0.8|123|2100|0000,0000,020E,02AA';

/** A device frame: `$$`, length (or the one given), BCD id, command, data, CRC-CCITT, CR LF. */
function deviceFrame(command: number, data: Buffer, length?: number): Buffer {
  const head = Buffer.concat([Buffer.from('$$'), Buffer.alloc(2), Buffer.from(ID, 'hex'), Buffer.from([command >> 8, command & 0xff]), data]);
  head.writeUInt16BE(length ?? head.length + 4, 2);
  const crc = Buffer.alloc(2);
  crc.writeUInt16BE(crc16CcittFalse(head));
  return Buffer.concat([head, crc, Buffer.from('\r\n')]);
}

describe('Meiligao messages', () => {
  it('answers the login with 0x4000 and 0x01, identifying the device by its BCD id', () => {
    const { result } = identify(meiligaoCodec, LOGIN, '67144025885540');
    expect(result.reply?.toString('hex')).toBe('4040001267144025885540400001d8e10d0a');
  });

  it('answers the heartbeat with 0x0001 and 0x01', () => {
    const device = protocolTest(meiligaoCodec);
    expect(device.none(deviceFrame(0x0001, Buffer.alloc(0)))?.toString('hex')).toBe(`40400012${ID}00010163640d0a`);
  });

  it('decodes a position with HDOP, altitude, I/O, ADC, signal, odometer and satellites', () => {
    const device = protocolTest(meiligaoCodec);
    device.position(POSITION, {
      ...fix('2020-12-08T03:32:30.000Z', true, 15.280165, 104.881425),
      course: 33,
      altitude: 123,
      attributes: { hdop: 0.8, in1: true, out1: false, adc3: 0x20e, adc4: 0x2aa, rssi: 0x1c, odometer: 0x172c582c, sat: 11 },
    });
  });

  it('reads the decimal odometer variant', () => {
    const device = protocolTest(meiligaoCodec);
    device.position(meiligao(79), { fixTime: '2015-09-30T11:31:18.000Z', latitude: 10.6328, longitude: -61.359465, speed: 0.54, attributes: { adc2: 0x1a2, odometer: 1187127 } });
  });

  it('decodes alarms by code, with the TK218 numbering for that model', () => {
    const device = protocolTest(meiligaoCodec);
    const alarm = (code: number) => deviceFrame(0x9999, Buffer.concat([Buffer.from([code]), text(SENTENCE)]));
    device.position(alarm(0x01), { attributes: { alarm: 'sos' } });
    device.position(alarm(0x13), { attributes: { alarm: 'geofenceEnter' } });
    expect(device.position(alarm(0x74)).attributes.alarm).toBeUndefined();
    device.settings({ model: 'TK218' });
    device.position(alarm(0x13), { attributes: { alarm: 'geofence' } });
    device.position(alarm(0x74), { attributes: { alarm: 'idle' } });
  });

  it('decodes the retransmission of stored reports', () => {
    const device = protocolTest(meiligaoCodec);
    device.position(meiligao(43), { fixTime: '2017-10-25T09:36:04.000Z', valid: false, latitude: 3.055358, longitude: 101.785833, attributes: { odometer: 2042 } });
  });

  it('decodes RFID cards with their position', () => {
    const device = protocolTest(meiligaoCodec);
    device.position(meiligao(83), { fixTime: '2006-06-28T12:03:40.000Z', valid: true, latitude: 24, longitude: 121, attributes: { card1: '0010362751', driverUniqueId: '0010362751' } });
  });

  it('decodes OBD data and trouble codes as reports at the last location', () => {
    const device = protocolTest(meiligaoCodec);
    // A position, real-time OBD data and accumulated OBD data in one read.
    const [, realTime, totals] = device.positions(meiligao(64), { fixTime: '2016-12-08T10:50:34.000Z', attributes: { odometer: 104000, driverUniqueId: '000000' } });
    expect(realTime).toMatchObject({ outdated: true, attributes: { battery: 14.1, rpm: 2687, obdSpeed: 90, coolantTemp: 85, fuelUsed: 9.34, hardAccelerationCount: 1 } });
    expect(totals).toMatchObject({ outdated: true, attributes: { totalIgnitionNo: 25, totalDrivingTime: 2.4, historyHighestRpm: 3756, totalHarshBrake: 12 } });
    device.position(meiligao(14), { outdated: true, attributes: { dtcs: 'C1E88' } });
  });

  it('acknowledges photo uploads without storing them', () => {
    const device = protocolTest(meiligaoCodec);
    expect(device.none(deviceFrame(0x0800, Buffer.from([0x02])))?.subarray(11, 14).toString('hex')).toBe('880102');
    expect(device.none(deviceFrame(0x9988, Buffer.from('0242681100ffd8', 'hex')))).toBeUndefined();
    expect(device.none(deviceFrame(0x0f80, Buffer.from([0x02])))?.subarray(11, 16).toString('hex')).toBe('6688020000');
  });

  it('ignores reports whose text is not a position', () => {
    const device = protocolTest(meiligaoCodec);
    device.none(deviceFrame(0x9955, text('no position here')));
  });
});

describe('Meiligao framing', () => {
  it('splits frames by their length, waits for a split one and skips junk', () => {
    const device = protocolTest(meiligaoCodec);
    expect(device.decode(Buffer.concat([LOGIN, POSITION, LOGIN]))).toHaveLength(3);
    for (let cut = 0; cut < POSITION.length; cut++) expect(meiligaoCodec.frameLength(POSITION.subarray(0, cut))).toBe(0);
    const stream = Buffer.concat([Buffer.from('\0\r\n'), LOGIN]);
    expect(() => meiligaoCodec.frameLength(stream)).toThrow(ProtocolError);
    expect(meiligaoCodec.frameStart!(stream, 0)).toBe(3);
    expect(() => meiligaoCodec.frameLength(binary('24240005'))).toThrow(ProtocolError);
  });

  it('takes a UDP datagram whole when its length field is not right', () => {
    const zeroLength = deviceFrame(0x9955, text(SENTENCE), 0);
    expect(meiligaoUdpCodec.frameLength(zeroLength)).toBe(zeroLength.length);
    expect(meiligaoUdpCodec.frameLength(Buffer.concat([LOGIN, POSITION]))).toBe(LOGIN.length);
    const decoded = meiligaoUdpCodec.decode(zeroLength, { device: null, data: {} }, new Date());
    expect(decoded.uniqueId).toBe('142180340967');
    expect(decoded.positions?.[0].fixTime.toISOString()).toBe('2020-12-08T03:32:30.000Z');
  });

  it('checks the CRC-CCITT, and accepts the X-25 CRC some firmware sends', () => {
    expect(meiligaoCodec.checksumValid!(POSITION)).toBe(true);
    const broken = Buffer.from(POSITION);
    broken[30] ^= 0x01;
    expect(meiligaoCodec.checksumValid!(broken)).toBe(false);
    expect(meiligaoCodec.checksumValid!(meiligao(55))).toBe(true);
  });

  it('refuses a truncated RFID report without crashing', () => {
    expect(() => meiligaoCodec.decode(deviceFrame(0x9966, Buffer.alloc(10)), { device: null, data: {} }, new Date())).toThrow(ProtocolError);
  });
});

describe('Meiligao commands', () => {
  const state = { device: { id: 1, uniqueId: '123456789012345' }, data: {} };
  const encode = (type: string, attributes: Record<string, unknown> = {}, on = state) => meiligaoCodec.encodeCommand({ type, attributes }, on).toString('hex');

  it('encodes the bytes of Traccar’s encoder test', () => {
    expect(encode('positionSingle')).toBe('404000111234567890123441016cf70d0a');
    expect(encode('positionPeriodic', { frequency: 100 })).toBe('40400013123456789012344102000a2f4f0d0a');
    expect(encode('setTimezone', { timezone: 'GMT+8' })).toBe('4040001412345678901234413234383030ad0d0a');
    expect(encode('rebootDevice')).toBe('40400011123456789012344902d53d0d0a');
    expect(encode('alarmGeofence', { radius: 1000 })).toBe('4040001312345678901234410603e87bb00d0a');
    expect(encode('engineStop')).toBe('4040001212345678901234411501fd460d0a');
  });

  it('switches output 1 back for engineResume, on five outputs for the models that have them', () => {
    expect(encode('engineResume').slice(22, 28)).toBe('411500');
    const fiveOutputs = { ...state, settings: (key: string) => (key === 'model' ? 'tk510' : undefined) };
    expect(encode('engineStop', {}, fiveOutputs).slice(22, 36)).toBe('41140102020202');
    expect(encode('outputControl', { index: 3, data: '1' }, fiveOutputs).slice(22, 36)).toBe('41140202010202');
    const alternative = { ...state, settings: (key: string) => (key === 'meiligao.alternative' ? 'true' : undefined) };
    expect(encode('engineStop', {}, alternative).slice(22, 28)).toBe('411401');
  });

  it('sends the standard offset of named time zones, in minutes', () => {
    expect(Buffer.from(encode('setTimezone', { timezone: 'America/Sao_Paulo' }).slice(26, -8), 'hex').toString()).toBe('-180');
    expect(Buffer.from(encode('setTimezone', { timezone: 'Europe/Berlin' }).slice(26, -8), 'hex').toString()).toBe('60');
    expect(Buffer.from(encode('setTimezone', { timezone: 'GMT-03:30' }).slice(26, -8), 'hex').toString()).toBe('-210');
  });

  it('refuses unsupported types, missing values and unknown devices', () => {
    expect(() => encode('custom', { data: 'x' })).toThrow(ProtocolError);
    expect(() => encode('positionPeriodic')).toThrow(ProtocolError);
    expect(() => encode('setTimezone', { timezone: 'Mars/Base' })).toThrow(ProtocolError);
    expect(() => encode('outputControl', { index: 2, data: 1 })).toThrow(ProtocolError);
    expect(() => encode('positionSingle', {}, { device: null, data: {} } as never)).toThrow(ProtocolError);
    expect(() => encode('positionSingle', {}, { device: { id: 1, uniqueId: 'abc' }, data: {} })).toThrow(ProtocolError);
  });
});
