import { describe, expect, it } from 'vitest';
import { fixedSettings, ProtocolError, type ConnectionState } from '../codec.ts';
import { tk103Codec } from './codec.ts';

const device = { id: 1, uniqueId: '123456789012345' };

function encode(type: string, attributes: Record<string, unknown> = {}, settings: Record<string, unknown> = {}): string {
  const state: ConnectionState = { device, data: {}, settings: fixedSettings(settings) };
  return tk103Codec.encodeCommand({ type, attributes }, state).toString('latin1');
}

const alternative = { 'tk103.alternative': true };

describe('TK103 commands', () => {
  it('lists Traccar’s TK103 command types', () => {
    expect(tk103Codec.commandTypes).toEqual([
      'custom', 'getDeviceStatus', 'deviceIdentification', 'modeDeepSleep', 'modePowerSaving', 'alarmSos', 'setConnection', 'sosNumber', 'positionSingle',
      'positionPeriodic', 'positionStop', 'getVersion', 'powerOff', 'rebootDevice', 'setOdometer', 'engineStop', 'engineResume', 'outputControl',
    ]);
  });

  it.each([
    ['outputControl', { data: '1' }, '(123456789012345AV001)'],
    ['engineStop', {}, '(123456789012345AV010)'],
    ['engineResume', {}, '(123456789012345AV011)'],
    ['positionSingle', {}, '(123456789012345AP00)'],
    ['positionPeriodic', { frequency: 60 }, '(123456789012345AR00003C0000)'],
    ['positionStop', {}, '(123456789012345AR0000000000)'],
    ['getVersion', {}, '(123456789012345AP07)'],
    ['rebootDevice', {}, '(123456789012345AT00)'],
    ['setOdometer', {}, '(123456789012345AX01)'],
    ['custom', { data: 'AA00' }, '(123456789012345AA00)'],
  ])('%s %j is %s (Traccar’s encoder tests)', (type, attributes, expected) => {
    expect(encode(type, attributes)).toBe(expected);
  });

  it.each([
    ['positionSingle', {}, '[begin]sms2,*getposl*,[end]'],
    ['positionPeriodic', {}, '[begin]sms2,*routetrack*99*,[end]'],
    ['positionStop', {}, '[begin]sms2,*routetrackoff*,[end]'],
    ['getVersion', {}, '[begin]sms2,*about*,[end]'],
    ['rebootDevice', {}, '[begin]sms2,88888888,[end]'],
    ['deviceIdentification', {}, '[begin]sms2,999999,[end]'],
    ['alarmSos', { enable: true }, '[begin]sms2,*soson*,[end]'],
    ['alarmSos', { enable: false }, '[begin]sms2,*sosoff*,[end]'],
    ['custom', { data: 'any text is ok' }, '[begin]sms2,any text is ok,[end]'],
    ['setConnection', { server: '1.2.3.4', port: '5555' }, '[begin]sms2,*setip*1*2*3*4*5555*,[end]'],
    ['sosNumber', { index: 0, phone: '+55555555555', devicePassword: '232323' }, '[begin]sms2,*master*232323*+55555555555*,[end]'],
    ['powerOff', {}, '[begin]sms2,*turnoff*,[end]'],
    ['getDeviceStatus', {}, '[begin]sms2,*status*,[end]'],
    ['modeDeepSleep', { enable: true }, '[begin]sms2,*sleep*2*,[end]'],
    ['modePowerSaving', { enable: true }, '[begin]sms2,*sleepv*,[end]'],
    ['modePowerSaving', { enable: false }, '[begin]sms2,*sleepoff*,[end]'],
  ])('alternative %s %j is %s', (type, attributes, expected) => {
    expect(encode(type, attributes, alternative)).toBe(expected);
  });

  it('sosNumber uses the device password setting, else the factory 123456', () => {
    expect(encode('sosNumber', { phone: '+5511' }, { ...alternative, devicePassword: '654321' })).toBe('[begin]sms2,*master*654321*+5511*,[end]');
    expect(encode('sosNumber', { phone: '+5511' }, alternative)).toBe('[begin]sms2,*master*123456*+5511*,[end]');
  });

  it.each([
    ['a command of the other set', 'setConnection', { server: '1.2.3.4', port: 5555 }, {}],
    ['a command of the other set (alternative)', 'engineStop', {}, alternative],
    ['custom without data', 'custom', {}, {}],
    ['a frequency beyond four hex digits', 'positionPeriodic', { frequency: 70000 }, {}],
    ['an unknown type', 'requestPhoto', {}, {}],
  ])('refuses %s', (_, type, attributes, settings) => {
    expect(() => encode(type, attributes, settings)).toThrow(ProtocolError);
  });

  it('needs an identified connection for the framed set', () => {
    expect(() => tk103Codec.encodeCommand({ type: 'engineStop', attributes: {} }, { device: null, data: {} })).toThrow(ProtocolError);
  });
});
