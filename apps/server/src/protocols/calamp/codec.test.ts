import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest } from '../testing/protocol-test.ts';
import { calampCodec } from './codec.ts';

// Datagrams from Traccar's CalAmpProtocolDecoderTest.
/** Options header with an ESN, user data (a text answer). */
const USER_DATA = '830547643586340101010400105f9c39ba5f9c302eeb36d5bddf39df700000000000000000003400040321ff9f4f0087080200001c30783330304544383946333335303139303030303030343637450d0a';
/** An IMEI padded with f, event report with two accumulators. */
const EVENT = '8308352648068863398f01070102039c5cfc4dcd5cfc4dcd19913f5dcce1291e000033fa0000005801110800019aff9d6f0e13003e0b02000000000000000000';
const EVENT_ACCUMULATORS = '8305133303910501010102004557E5AB2457E3B3E01FD828DBFE9E3465000028C90000004201310704001EFFA12F0B22081BCA05000000000000000F87000E8E2F00EA029E0000082D';
const EVENT_NO_FIX = '83052132052924010101020001575c590300000000000000000000000000000000000000000000002c0000ff8f0000030801010000';
const MINI_EVENT = '830543321494860101010a0080560b5a5e0eadd0291becf3c500f005090f1f3305000003010040c0a600000000000000008b12a102';
const ID_REPORT = '830545321041830101010300010000333862000023c301000000004532104183ffffff353816051610691f420040163953294fffffffffffffffff8996604211639032949f4f54413a317c303b302c317c343b302c34004f5441535441543a302c302c302c302c302c222200564255533a342c322e302e302c343533323130343138332c5630312e30332e30312e34302c5630312e30332e30312e33312c2c0056494e2d494e464f3a56494e3d31464d5a5537324539355a4137303032362c4445562d5245474e3d55532c535256522d5245474e3d555300';
const MINI_OPTIONS = '830543321494860101';

describe('CalAmp messages', () => {
  it('identifies the device by the mobile id of the options header', () => {
    const { device } = identify(calampCodec, binary(USER_DATA), '4764358634');
    expect(device.decode(binary(EVENT))[0].uniqueId).toBe('352648068863398');
  });

  it('decodes an event report: fix, modem status, inputs, event and accumulators', () => {
    protocolTest(calampCodec).position(binary(EVENT), {
      ...fix('2019-06-09T00:07:41.000Z', true, 42.8949341, -85.7659106),
      altitude: 133.06,
      speed: 88 * 0.0194384449,
      course: 273,
      attributes: { sat: 8, carrier: 410, rssi: -99, modem: 111, hdop: 14, input: 19, ignition: true, status: 0, event: 11, append: 0, acc0: 0, acc1: 0 },
    });
    protocolTest(calampCodec).position(binary(EVENT_ACCUMULATORS), {
      attributes: { event: 202, ignition: false, acc0: 0, acc1: 3975, acc2: 953903, acc3: 15336094, acc4: 2093 },
    });
  });

  it('marks a report without a fix invalid', () => {
    protocolTest(calampCodec).position(binary(EVENT_NO_FIX), { valid: false, latitude: 0, attributes: { event: 1 } });
  });

  it('decodes the mini event report: speed in km/h, satellites packed with the fix status', () => {
    protocolTest(calampCodec).position(binary(MINI_EVENT), {
      ...fix('2015-09-30T03:43:26.000Z', true, 24.6272041, 46.8513733),
      speed: 5 * 0.539957,
      course: 240,
      attributes: { sat: 9, modem: 15, input: 31, ignition: true, event: 51, acc0: 769, acc1: 4243622, acc4: 2333253890, carrier: undefined, hdop: undefined },
    });
  });

  it('skips the threshold and mask of type 1 accumulators, and reads only the values present', () => {
    const mini = MINI_EVENT.replace('33050000030100', '33450000000affffffff0000030100').slice(0, -24);
    protocolTest(calampCodec).position(binary(mini), { attributes: { event: 51, acc0: 769, acc1: 4243622, acc2: undefined } });
  });

  it('puts the text of user data in result', () => {
    protocolTest(calampCodec).position(binary(USER_DATA), {
      fixTime: '2020-10-30T16:05:14.000Z',
      latitude: -34.8727875,
      longitude: -54.9855376,
      attributes: { result: '0x300ED89F335019000000467E', carrier: 801, rssi: -97, input: 135, status: 8 },
    });
  });

  it('acknowledges the messages that ask for it, with their type and sequence number', () => {
    const device = protocolTest(calampCodec);
    expect(device.reply(binary(EVENT))?.toString('hex')).toBe('0201039c020000000000');
    expect(device.reply(binary(MINI_EVENT))?.toString('hex')).toBe('020100800a0000000000');
    expect(device.none(binary(ID_REPORT))?.toString('hex')).toBe('02010001030000000000');
    expect(device.none(binary(MINI_OPTIONS, '01050001', '0102030405'))?.toString('hex')).toBe('02010001050000000000');
    expect(device.reply(binary(MINI_OPTIONS, '00', MINI_EVENT.slice(MINI_OPTIONS.length + 2)))).toBeUndefined();
  });

  it('decodes a message without options header for a device known by its address', () => {
    const [result] = protocolTest(calampCodec).decode(binary(MINI_EVENT.slice(MINI_OPTIONS.length)));
    expect(result.uniqueId).toBeUndefined();
    expect(result.positions?.[0].latitude).toBeCloseTo(24.6272041, 7);
  });

  it('rejects truncated messages and impossible coordinates', () => {
    const state = protocolTest(calampCodec).state;
    expect(() => calampCodec.decode(binary(EVENT.slice(0, 80)), state, new Date())).toThrow(ProtocolError);
    expect(() => calampCodec.decode(binary('8308352648'), state, new Date())).toThrow(ProtocolError);
    expect(() => calampCodec.decode(binary(MINI_EVENT.replace('0eadd029', '7fffffff')), state, new Date())).toThrow(ProtocolError);
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
