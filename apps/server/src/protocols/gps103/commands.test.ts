import { describe, expect, it } from 'vitest';
import { ProtocolError, type ConnectionState } from '../codec.ts';
import { gps103Codec } from './codec.ts';

const state: ConnectionState = { device: { id: 1, uniqueId: '123456789012345' }, data: {} };

function encode(type: string, attributes: Record<string, unknown> = {}, on: ConnectionState = state): string {
  return gps103Codec.encodeCommand({ type, attributes }, on).toString('latin1');
}

describe('GPS103 commands', () => {
  it('lists Traccar’s GPS103 command types', () => {
    expect(gps103Codec.commandTypes).toEqual([
      'custom', 'positionSingle', 'positionPeriodic', 'positionStop', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'requestPhoto',
    ]);
  });

  it.each([
    ['positionPeriodic', { frequency: 300 }, '**,imei:123456789012345,C,05m'],
    ['positionPeriodic', { frequency: 30 }, '**,imei:123456789012345,C,30s'],
    ['positionPeriodic', { frequency: '7200' }, '**,imei:123456789012345,C,02h'],
    ['positionPeriodic', { frequency: 5 }, '**,imei:123456789012345,C,05s'],
    ['custom', { data: 'H,080' }, '**,imei:123456789012345,H,080'],
    ['positionSingle', {}, '**,imei:123456789012345,B'],
    ['positionStop', {}, '**,imei:123456789012345,D'],
    ['engineStop', {}, '**,imei:123456789012345,J'],
    ['engineResume', {}, '**,imei:123456789012345,K'],
    ['alarmArm', {}, '**,imei:123456789012345,L'],
    ['alarmDisarm', {}, '**,imei:123456789012345,M'],
    ['requestPhoto', {}, '**,imei:123456789012345,160'],
  ])('%s %j is %s', (type, attributes, expected) => {
    expect(encode(type, attributes)).toBe(expected);
  });

  it.each([
    ['an unsupported type', 'rebootDevice', {}, state],
    ['custom without data', 'custom', {}, state],
    ['a frequency that is not a whole number', 'positionPeriodic', { frequency: '1m' }, state],
    ['a connection not yet identified', 'engineStop', {}, { device: null, data: {} }],
  ])('refuses %s', (_, type, attributes, on) => {
    expect(() => encode(type, attributes, on)).toThrow(ProtocolError);
  });
});
