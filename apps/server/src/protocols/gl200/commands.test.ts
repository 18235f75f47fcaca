import { describe, expect, it } from 'vitest';
import { fixedSettings, ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { gl200Codec } from './codec.ts';

function encode(type: string, attributes: Record<string, unknown> = {}, settings: Record<string, unknown> = {}): string {
  const state: ConnectionState = { device: { id: 1, uniqueId: '862894020180553' }, data: {}, settings: fixedSettings(settings) };
  const command: DeviceCommand = { type, attributes };
  return gl200Codec.encodeCommand(command, state).toString('latin1');
}

describe('gl200 commands', () => {
  it('lists what Traccar supports for the protocol', () => {
    expect(gl200Codec.commandTypes).toEqual(['positionSingle', 'engineStop', 'engineResume', 'deviceIdentification', 'rebootDevice', 'custom']);
  });

  it.each([
    ['positionSingle', 'AT+GTRTO=,1,,,,,,FFFF$'],
    ['engineStop', 'AT+GTOUT=,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$'],
    ['engineResume', 'AT+GTOUT=,0,,,0,0,0,0,0,0,0,,,,,,,FFFF$'],
    ['deviceIdentification', 'AT+GTRTO=,8,,,,,,FFFF$'],
    ['rebootDevice', 'AT+GTRTO=,3,,,,,,FFFF$'],
  ])('encodes %s as Traccar does, without a password by default', (type, expected) => {
    expect(encode(type)).toBe(expected);
  });

  it('takes the password from the command, the device, then the configuration', () => {
    expect(encode('engineStop', { devicePassword: 'gv300' }, { devicePassword: 'gl300' })).toBe('AT+GTOUT=gv300,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$');
    expect(encode('engineStop', {}, { devicePassword: 'gl300', 'gl200.devicePassword': 'gl200' })).toBe('AT+GTOUT=gl300,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$');
    expect(encode('rebootDevice', {}, { 'gl200.devicePassword': 'gl200' })).toBe('AT+GTRTO=gl200,3,,,,,,FFFF$');
  });

  it('sends custom text as is, turning \\r and \\n escapes into line breaks', () => {
    expect(encode('custom', { data: 'AT+GTFRI=gv300,1,1,,,0000,2359,60,60,,,FFFF$' })).toBe('AT+GTFRI=gv300,1,1,,,0000,2359,60,60,,,FFFF$');
    expect(encode('custom', { data: 'A\\r\\nB' })).toBe('A\r\nB');
  });

  it('refuses what it cannot encode', () => {
    expect(() => encode('custom')).toThrow(ProtocolError);
    expect(() => encode('positionPeriodic', { frequency: 60 })).toThrow('gl200: unsupported command type positionPeriodic');
    expect(() => encode('engineStop', { devicePassword: 'a,b' })).toThrow(ProtocolError);
  });
});
