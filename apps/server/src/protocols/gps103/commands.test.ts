import { describe, expect, it } from 'vitest';
import { ProtocolError, type ConnectionState } from '../codec.ts';
import { withoutAttributes, type EncodingRow } from '../testing/command-rows.ts';
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

  // `**,imei:<IMEI>,` and the command's letter code
  it.each<EncodingRow>([
    ['positionPeriodic', { frequency: 300 }, 'C,05m'],
    ['positionPeriodic', { frequency: 30 }, 'C,30s'],
    ['positionPeriodic', { frequency: '7200' }, 'C,02h'],
    ['positionPeriodic', { frequency: 5 }, 'C,05s'],
    ['custom', { data: 'H,080' }, 'H,080'],
    ...withoutAttributes({ positionSingle: 'B', positionStop: 'D', engineStop: 'J', engineResume: 'K', alarmArm: 'L', alarmDisarm: 'M', requestPhoto: '160' }),
  ])('%s %j is **,imei:…,%s', (type, attributes, code) => {
    expect(encode(type, attributes)).toBe(`**,imei:123456789012345,${code}`);
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
