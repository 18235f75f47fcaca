import { describe, expect, it } from 'vitest';
import { fixedSettings, ProtocolError, type ConnectionState } from '../codec.ts';
import { h02Codec } from './codec.ts';
import { encodeH02Command } from './commands.ts';

const state: ConnectionState = { device: { id: 1, uniqueId: '123456789012345' }, data: {} };
const TIME = new Date('2024-05-01T01:02:03Z');

function encode(type: string, attributes: Record<string, unknown> = {}, on: ConnectionState = state): string {
  return encodeH02Command({ type, attributes }, on, TIME).toString();
}

describe('H02 commands', () => {
  it('lists Traccar’s H02 command types and custom', () => {
    expect(h02Codec.commandTypes).toEqual(['alarmArm', 'alarmDisarm', 'engineStop', 'engineResume', 'positionPeriodic', 'custom']);
  });

  it.each([
    ['engineStop', {}, '*HQ,123456789012345,S20,010203,1,1#'],
    ['engineResume', {}, '*HQ,123456789012345,S20,010203,1,0#'],
    ['alarmArm', {}, '*HQ,123456789012345,SCF,010203,0,0#'],
    ['alarmDisarm', {}, '*HQ,123456789012345,SCF,010203,1,1#'],
    ['positionPeriodic', { frequency: 10 }, '*HQ,123456789012345,S71,010203,22,10#'],
    ['positionPeriodic', { frequency: '30' }, '*HQ,123456789012345,S71,010203,22,30#'],
  ])('%s %j is %s (Traccar’s encoder tests)', (type, attributes, text) => {
    expect(encode(type, attributes)).toBe(text);
  });

  it('sends positionPeriodic as D1 to devices set to the alternative form (h02.alternative)', () => {
    const alternative: ConnectionState = { ...state, settings: fixedSettings({ 'h02.alternative': 'true' }) };
    expect(encode('positionPeriodic', { frequency: 10 }, alternative)).toBe('*HQ,123456789012345,D1,010203,10#');
  });

  it('stamps the current UTC time when sent through the codec', () => {
    const text = h02Codec.encodeCommand({ type: 'engineStop', attributes: {} }, state).toString();
    expect(text).toMatch(/^\*HQ,123456789012345,S20,\d{6},1,1#$/);
  });

  it('custom sends data as it is, escapes turned into line breaks', () => {
    expect(encode('custom', { data: '*HQ,123456789012345,D1,010203,30,1#\\r\\n' })).toBe('*HQ,123456789012345,D1,010203,30,1#\r\n');
    expect(encode('custom', { data: 'RESET#' }, { device: null, data: {} })).toBe('RESET#');
  });

  it.each([
    ['an unsupported type', 'requestPhoto', {}, state],
    ['custom without data', 'custom', {}, state],
    ['a frequency that is not a whole number', 'positionPeriodic', { frequency: '10#' }, state],
    ['a missing frequency', 'positionPeriodic', {}, state],
    ['a connection not yet identified', 'engineStop', {}, { device: null, data: {} }],
  ])('refuses %s', (_, type, attributes, on) => {
    expect(() => encode(type, attributes, on)).toThrow(ProtocolError);
  });
});
