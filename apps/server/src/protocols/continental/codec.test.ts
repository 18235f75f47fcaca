import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { continentalCodec } from './codec.ts';

// Frames by their line in Traccar's ContinentalProtocolDecoderTest (vectors/traccar/continental.json).
const continental = traccarFrames('continental');
/** An extended status report, with odometer. */
const EXTENDED = continental(13);
/** A basic status report of 42 bytes. */
const BASIC = continental(21);

describe('Continental messages', () => {
  it('identifies the device by its serial number in decimal, without replying', () => {
    const { result } = identify(continentalCodec, EXTENDED, String(0x001eb485));
    expect(result.reply).toBeUndefined();
  });

  it('decodes an extended status report', () => {
    protocolTest(continentalCodec).position(EXTENDED, {
      ...fix('2018-07-06T23:57:29.000Z', true, -23.46609, -46.54497),
      deviceTime: '2018-07-06T23:57:29.000Z',
      course: 64,
      speed: 0.539957,
      attributes: { event: 14, input: 0x8201, ignition: true, output: 0, battery: 12, deviceTemp: 36, odometer: 0x00014e04 },
    });
  });

  it('decodes a basic status report in seconds of arc', () => {
    const position = protocolTest(continentalCodec).position(BASIC, {
      fixTime: '2018-03-06T14:23:59.000Z',
      deviceTime: '2018-03-06T14:24:00.000Z',
      latitude: (0xfeb484 - 0x1000000) / 3600,
      longitude: (0xfd6e63 - 0x1000000) / 3600,
      course: 12,
      speed: 0,
      attributes: { event: 14, ignition: true, battery: 12, deviceTemp: 0 },
    });
    expect(position.attributes).not.toHaveProperty('odometer');
  });

  it('identifies by a keep-alive without a position', () => {
    const [result] = protocolTest(continentalCodec).decode(binary('5356000b0d0010a1240300'));
    expect(result).toEqual({ uniqueId: String(0x0010a124) });
  });

  it('rejects a truncated status report', () => {
    expect(() => continentalCodec.decode(BASIC.subarray(0, 30), { device: null, data: {} }, new Date())).toThrow(ProtocolError);
  });
});

describe('Continental framing', () => {
  it('splits by the length field and waits for the rest', () => {
    const stream = Buffer.concat([BASIC, EXTENDED]);
    expect(continentalCodec.frameLength(stream)).toBe(42);
    expect(continentalCodec.frameLength(stream.subarray(0, 41))).toBe(0);
    expect(protocolTest(continentalCodec).decode(stream)).toHaveLength(2);
  });

  it('rejects junk and finds the next SV after it', () => {
    const stream = Buffer.concat([binary('0130'), BASIC]);
    expect(() => continentalCodec.frameLength(stream)).toThrow(ProtocolError);
    expect(continentalCodec.frameStart?.(stream, 1)).toBe(2);
  });
});

describe('Continental commands', () => {
  it('sends custom hex as bytes, nothing else', () => {
    const state = { device: null, data: {} };
    expect(continentalCodec.encodeCommand({ type: 'custom', attributes: { data: '5356000b' } }, state)).toEqual(binary('5356000b'));
    expect(() => continentalCodec.encodeCommand({ type: 'custom', attributes: { data: 'xyz' } }, state)).toThrow(ProtocolError);
    expect(() => continentalCodec.encodeCommand({ type: 'engineStop', attributes: {} }, state)).toThrow(ProtocolError);
  });
});
