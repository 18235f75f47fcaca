import { describe, expect, it } from 'vitest';
import { ProtocolError, type DeviceCommand } from '../codec.ts';
import { gt06Codec } from './codec.ts';
import { gt06FrameLength } from './frame.ts';

const state = { device: { id: 1, uniqueId: '864717003283581' }, data: {} };

function encode(type: string, attributes: Record<string, unknown> = {}): Buffer {
  const command: DeviceCommand = { type, attributes };
  return gt06Codec.encodeCommand(command, state);
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
