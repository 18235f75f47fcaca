import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest } from '../testing/protocol-test.ts';
import { continentalCodec } from './codec.ts';

// Traccar's test frames: an extended one with odometer, and a 42-byte basic one.
const EXTENDED = '5356003216001eb48505025b4001e90f7f18ce0f00522200400001015b4001e9000e820100000c24000100014e0400736a7a';
const BASIC = '5356002a0d0010a12403025a9ea47f00feb48400fd6e63000c0000015a9ea480000e000100000c000000';

describe('Continental messages', () => {
  it('identifies the device by its serial number in decimal, without replying', () => {
    const { result } = identify(continentalCodec, binary(EXTENDED), String(0x001eb485));
    expect(result.reply).toBeUndefined();
  });

  it('decodes an extended status report', () => {
    protocolTest(continentalCodec).position(binary(EXTENDED), {
      ...fix('2018-07-06T23:57:29.000Z', true, -23.46609, -46.54497),
      deviceTime: '2018-07-06T23:57:29.000Z',
      course: 64,
      speed: 0.539957,
      attributes: { event: 14, input: 0x8201, ignition: true, output: 0, battery: 12, deviceTemp: 36, odometer: 0x00014e04 },
    });
  });

  it('decodes a basic status report in seconds of arc', () => {
    const position = protocolTest(continentalCodec).position(binary(BASIC), {
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
    expect(() => continentalCodec.decode(binary(BASIC.slice(0, 60)), { device: null, data: {} }, new Date())).toThrow(ProtocolError);
  });
});

describe('Continental framing', () => {
  it('splits by the length field and waits for the rest', () => {
    const stream = binary(BASIC, EXTENDED);
    expect(continentalCodec.frameLength(stream)).toBe(42);
    expect(continentalCodec.frameLength(stream.subarray(0, 41))).toBe(0);
    expect(protocolTest(continentalCodec).decode(stream)).toHaveLength(2);
  });

  it('rejects junk and finds the next SV after it', () => {
    const stream = binary('0130', BASIC);
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
