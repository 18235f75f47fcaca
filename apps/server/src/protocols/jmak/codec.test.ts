import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { identify, protocolTest, text } from '../testing/protocol-test.ts';
import { traccarMessages } from '../testing/traccar-vectors.ts';
import { jmakCodec } from './codec.ts';

// Reports by their line in Traccar's JmakProtocolDecoderTest (vectors/traccar/jmak.json).
const jmak = traccarMessages('jmak');
/** A report of the event group only, count 8210. */
const EVENT = jmak(19);
/** Serial, IMEI, time, position and event 126 in state 4: a driver identified by the event name. */
const DRIVER = '~1C0073;1;868695060715016;1750689928520;-19.5;-43.5;126;4;ABC123$';

describe('JMAK reports', () => {
  it('identifies the device by the IMEI and decodes the event group, acknowledging with ACK', () => {
    const { device, result } = identify(jmakCodec, text(EVENT), '868695060715016');
    expect(result.reply?.toString()).toBe('ACK');
    device.position(text(EVENT), {
      fixTime: '2025-06-23T14:41:58.530Z',
      deviceTime: '2025-06-23T14:41:58.543Z',
      valid: true,
      outdated: false,
      latitude: -19.88246,
      longitude: -43.97855,
      altitude: 825.6,
      speed: 0.53 * 0.539957,
      course: 0,
      attributes: {
        count: 8210, sat: 16, rssi: 31, hdop: 0.87, ignition: true, backup: false, hours: 52.45 * 3_600_000, odometer: 4740,
        vin: 11750, battery: 3863, operator: 'TIMB', in1: true, in2: false, out1: false, out2: true, driverUniqueId: '0', nickname: undefined,
      },
    });
  });

  it('decodes the CAN group, whose engine hours replace the event group’s', () => {
    // A report with the event and CAN groups.
    protocolTest(jmakCodec).position(text(jmak(13)), {
      attributes: { obdOdometer: 180_000, hours: 211 * 3_600_000, obdSpeed: 208, rpm: 190, canStatus: 7, throttle: 50, fuel: 80, oilTemperature: 69 },
    });
  });

  it('takes the driver id from the name of event 126 in state 4', () => {
    protocolTest(jmakCodec).position(text(DRIVER), {
      fixTime: '2025-06-23T14:45:28.520Z',
      valid: false,
      latitude: -19.5,
      attributes: { event: 126, eventStatus: 4, eventName: 'ABC123', driverUniqueId: 'ABC123' },
    });
  });

  it('marks a report without coordinates as outdated', () => {
    protocolTest(jmakCodec).position(text('~7;1;868695060715016;42$'), { outdated: true, attributes: { count: 42 } });
  });

  it('acknowledges notices and JSON messages without decoding them', () => {
    const device = protocolTest(jmakCodec);
    expect(device.none(text('^1;868695060715016;HELLO$'))?.toString()).toBe('ACK');
    expect(device.none(text('{"imei":"868695060715016","data":{"a":1}}'))?.toString()).toBe('ACK');
  });

  it('rejects malformed values', () => {
    const state = protocolTest(jmakCodec).state;
    const decode = (sentence: string) => () => jmakCodec.decode(text(sentence), state, new Date());
    expect(decode('~XYZ;1;868695060715016$')).toThrow(ProtocolError);
    expect(decode('~7;1;868695060715016;abc$')).toThrow(ProtocolError);
    expect(decode('~67;1;868695060715016;1;1750689928520;-19.5$')).toThrow(ProtocolError);
    expect(decode('~3;1$')).toThrow(ProtocolError);
  });
});

describe('JMAK framing', () => {
  it('splits reports at $, JSON at its closing brace, and waits for the end', () => {
    const stream = text(EVENT, '{"a":{"b":1}}', '^x$');
    expect(jmakCodec.frameLength(stream)).toBe(EVENT.length);
    expect(jmakCodec.frameLength(text('{"a":{"b":1}}^'))).toBe(13);
    expect(jmakCodec.frameLength(text(EVENT.slice(0, 50)))).toBe(0);
    expect(jmakCodec.frameLength(text('{"a":{"b":1}'))).toBe(0);
    expect(protocolTest(jmakCodec).decode(stream)).toHaveLength(3);
  });

  it('skips junk up to the next ~, ^ or {', () => {
    const stream = text('\r\nxx', EVENT);
    expect(() => jmakCodec.frameLength(stream)).toThrow(ProtocolError);
    expect(jmakCodec.frameStart?.(stream, 0)).toBe(4);
    expect(jmakCodec.frameStart?.(text('abc'), 0)).toBe(-1);
    expect(() => jmakCodec.frameLength(text('~', 'x'.repeat(9000)))).toThrow(ProtocolError);
  });
});

describe('JMAK commands', () => {
  it('sends custom hex data as those bytes, and nothing else', () => {
    const encode = (type: string, attributes: Record<string, unknown> = {}) => jmakCodec.encodeCommand({ type, attributes }, { device: null, data: {} });
    expect(jmakCodec.commandTypes).toEqual(['custom']);
    expect(encode('custom', { data: '7e4f4b24' }).toString()).toBe('~OK$');
    expect(() => encode('custom', { data: '~OK$' })).toThrow(ProtocolError);
    expect(() => encode('engineStop')).toThrow(ProtocolError);
  });
});
