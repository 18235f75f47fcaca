import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { calampCodec } from './codec.ts';

// Datagrams by their line in Traccar's CalAmpProtocolDecoderTest (vectors/traccar/calamp.json).
const calamp = traccarFrames('calamp');
/** Options header with an ESN, user data (a text answer). */
const USER_DATA = calamp(13);
/** An IMEI padded with f, event report with two accumulators. */
const EVENT = calamp(16);
/** Mini event report (type 10), acknowledged service. */
const MINI_EVENT = calamp(37);
/** The options header of MINI_EVENT: mobile id 4332149486 and its type. */
const MINI_OPTIONS = MINI_EVENT.subarray(0, 9);

describe('CalAmp messages', () => {
  it('identifies the device by the mobile id of the options header', () => {
    const { device } = identify(calampCodec, USER_DATA, '4764358634');
    expect(device.decode(EVENT)[0].uniqueId).toBe('352648068863398');
  });

  it('decodes an event report: fix, modem status, inputs, event and accumulators', () => {
    protocolTest(calampCodec).position(EVENT, {
      ...fix('2019-06-09T00:07:41.000Z', true, 42.8949341, -85.7659106),
      altitude: 133.06,
      speed: 88 * 0.0194384449,
      course: 273,
      attributes: { sat: 8, carrier: 410, rssi: -99, modem: 111, hdop: 14, input: 19, ignition: true, status: 0, event: 11, append: 0, acc0: 0, acc1: 0 },
    });
    protocolTest(calampCodec).position(calamp(25), {
      attributes: { event: 202, ignition: false, acc0: 0, acc1: 3975, acc2: 953903, acc3: 15336094, acc4: 2093 },
    });
  });

  it('marks a report without a fix invalid', () => {
    protocolTest(calampCodec).position(calamp(34), { valid: false, latitude: 0, attributes: { event: 1 } });
  });

  it('decodes the mini event report: speed in km/h, satellites packed with the fix status', () => {
    protocolTest(calampCodec).position(MINI_EVENT, {
      ...fix('2015-09-30T03:43:26.000Z', true, 24.6272041, 46.8513733),
      speed: 5 * 0.539957,
      course: 240,
      attributes: { sat: 9, modem: 15, input: 31, ignition: true, event: 51, acc0: 769, acc1: 4243622, acc4: 2333253890, carrier: undefined, hdop: undefined },
    });
  });

  it('skips the threshold and mask of type 1 accumulators, and reads only the values present', () => {
    const mini = MINI_EVENT.toString('hex').replace('33050000030100', '33450000000affffffff0000030100').slice(0, -24);
    protocolTest(calampCodec).position(binary(mini), { attributes: { event: 51, acc0: 769, acc1: 4243622, acc2: undefined } });
  });

  it('puts the text of user data in result', () => {
    protocolTest(calampCodec).position(USER_DATA, {
      fixTime: '2020-10-30T16:05:14.000Z',
      latitude: -34.8727875,
      longitude: -54.9855376,
      attributes: { result: '0x300ED89F335019000000467E', carrier: 801, rssi: -97, input: 135, status: 8 },
    });
  });

  it('acknowledges the messages that ask for it, with their type and sequence number', () => {
    const device = protocolTest(calampCodec);
    expect(device.reply(EVENT)?.toString('hex')).toBe('0201039c020000000000');
    expect(device.reply(MINI_EVENT)?.toString('hex')).toBe('020100800a0000000000');
    expect(device.none(calamp(43))?.toString('hex')).toBe('02010001030000000000');
    expect(device.none(Buffer.concat([MINI_OPTIONS, binary('01050001', '0102030405')]))?.toString('hex')).toBe('02010001050000000000');
    expect(device.reply(Buffer.concat([MINI_OPTIONS, binary('00'), MINI_EVENT.subarray(MINI_OPTIONS.length + 1)]))).toBeUndefined();
  });

  it('decodes a message without options header for a device known by its address', () => {
    const [result] = protocolTest(calampCodec).decode(MINI_EVENT.subarray(MINI_OPTIONS.length));
    expect(result.uniqueId).toBeUndefined();
    expect(result.positions?.[0].latitude).toBeCloseTo(24.6272041, 7);
  });

  it('rejects truncated messages and impossible coordinates', () => {
    const state = protocolTest(calampCodec).state;
    expect(() => calampCodec.decode(EVENT.subarray(0, 40), state, new Date())).toThrow(ProtocolError);
    expect(() => calampCodec.decode(binary('8308352648'), state, new Date())).toThrow(ProtocolError);
    expect(() => calampCodec.decode(binary(MINI_EVENT.toString('hex').replace('0eadd029', '7fffffff')), state, new Date())).toThrow(ProtocolError);
  });
});

describe('CalAmp commands', () => {
  it('sends custom hex data as that datagram, and nothing else', () => {
    const encode = (type: string, attributes: Record<string, unknown> = {}) => calampCodec.encodeCommand({ type, attributes }, { device: null, data: {} });
    expect(calampCodec.commandTypes).toEqual(['custom']);
    expect(encode('custom', { data: '0001000100' }).toString('hex')).toBe('0001000100');
    expect(() => encode('custom', { data: 'reset' })).toThrow(ProtocolError);
    expect(() => encode('engineStop')).toThrow(ProtocolError);
  });
});
