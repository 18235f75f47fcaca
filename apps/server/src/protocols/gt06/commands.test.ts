import { describe, expect, it } from 'vitest';
import { fixedSettings, ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { gt06Codec } from './codec.ts';
import { gt06FrameLength } from './frame.ts';

const state = { device: { id: 1, uniqueId: '864717003283581' }, data: {} };

function encode(type: string, attributes: Record<string, unknown> = {}, settings: Record<string, unknown> = {}): Buffer {
  const command: DeviceCommand = { type, attributes };
  const withSettings: ConnectionState = { ...state, settings: fixedSettings(settings) };
  return gt06Codec.encodeCommand(command, withSettings);
}

/** The text of a 0x80 packet (after length, type, text length and server flag, before serial, CRC and CR LF). */
function textOf(packet: Buffer): string {
  return packet.subarray(9, 9 + packet[4] - 4).toString('ascii');
}

describe('GT06 commands', () => {
  it('lists the command types Traccar supports for GT06', () => {
    expect(gt06Codec.commandTypes).toEqual(['engineStop', 'engineResume', 'custom']);
  });

  it('engineStop is the bytes of Traccar’s encoder test', () => {
    expect(encode('engineStop').toString('hex')).toBe('787812800c0000000052656c61792c312300009dee0d0a');
  });

  it('engineResume switches the relay back', () => {
    const packet = encode('engineResume');
    expect(packet.subarray(9, 17).toString()).toBe('Relay,0#');
    expect(gt06FrameLength(packet)).toBe(packet.length);
  });

  it('G109 trackers take DYD# and HFYD#', () => {
    expect(textOf(encode('engineStop', {}, { model: 'G109' }))).toBe('DYD#');
    expect(textOf(encode('engineResume', {}, { model: 'G109' }))).toBe('HFYD#');
  });

  it('the alternative format adds the device password (default 123456)', () => {
    expect(textOf(encode('engineStop', {}, { 'gt06.alternative': true }))).toBe('DYD,123456#');
    expect(textOf(encode('engineResume', {}, { 'gt06.alternative': 'true', devicePassword: '000000' }))).toBe('HFYD,000000#');
    expect(textOf(encode('engineStop', {}, { 'gt06.alternative': true, 'gt06.devicePassword': '654321' }))).toBe('DYD,654321#');
  });

  it('adds the language field (English) where configured', () => {
    const packet = encode('custom', { data: 'WHERE#' }, { 'gt06.language': true });
    expect(packet[2]).toBe(0x12);
    expect(packet.subarray(15, 17).toString('hex')).toBe('0002');
    expect(gt06FrameLength(packet)).toBe(packet.length);
  });

  it('custom sends `data` as text in a 0x80 packet: length, server flag, text, serial, CRC', () => {
    const packet = encode('custom', { data: 'WHERE#' });
    const crc = packet.subarray(-4, -2).toString('hex');
    expect(packet.toString('hex')).toBe(`7878 10 80 0a 00000000 ${Buffer.from('WHERE#').toString('hex')} 0000 ${crc} 0d0a`.replaceAll(' ', ''));
    expect(gt06FrameLength(packet)).toBe(packet.length);
  });

  it.each([
    ['an unknown type', 'positionPeriodic', {}],
    ['custom without data', 'custom', {}],
    ['custom with non-text data', 'custom', { data: 42 }],
    ['custom with non-ASCII text', 'custom', { data: 'São Paulo#' }],
    ['custom text too long for a frame', 'custom', { data: 'x'.repeat(246) }],
  ])('refuses %s', (_, type, attributes) => {
    expect(() => encode(type, attributes)).toThrow(ProtocolError);
  });

  it('accepts the longest text that fits', () => {
    expect(encode('custom', { data: 'x'.repeat(245) })[2]).toBe(0xff);
  });
});
