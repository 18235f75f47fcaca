import { describe, expect, it } from 'vitest';
import { fixedSettings, ProtocolError, type ConnectionState } from '../codec.ts';
import { withoutAttributes, type EncodingRow } from '../testing/command-rows.ts';
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

  // Traccar's encoder tests: `(<IMEI>` and the command's code `)`
  it.each<EncodingRow>([
    ['outputControl', { data: '1' }, 'AV001'],
    ['positionPeriodic', { frequency: 60 }, 'AR00003C0000'],
    ['custom', { data: 'AA00' }, 'AA00'],
    ...withoutAttributes({
      engineStop: 'AV010', engineResume: 'AV011', positionSingle: 'AP00', positionStop: 'AR0000000000', getVersion: 'AP07', rebootDevice: 'AT00', setOdometer: 'AX01',
    }),
  ])('%s %j is (…%s)', (type, attributes, code) => {
    expect(encode(type, attributes)).toBe(`(123456789012345${code})`);
  });

  // the alternative set: an SMS text between `[begin]sms2,` and `,[end]`
  it.each<EncodingRow>([
    ['alarmSos', { enable: true }, '*soson*'],
    ['alarmSos', { enable: false }, '*sosoff*'],
    ['custom', { data: 'any text is ok' }, 'any text is ok'],
    ['setConnection', { server: '1.2.3.4', port: '5555' }, '*setip*1*2*3*4*5555*'],
    ['sosNumber', { index: 0, phone: '+55555555555', devicePassword: '232323' }, '*master*232323*+55555555555*'],
    ['modeDeepSleep', { enable: true }, '*sleep*2*'],
    ['modePowerSaving', { enable: true }, '*sleepv*'],
    ['modePowerSaving', { enable: false }, '*sleepoff*'],
    ...withoutAttributes({
      positionSingle: '*getposl*', positionPeriodic: '*routetrack*99*', positionStop: '*routetrackoff*', getVersion: '*about*', rebootDevice: '88888888',
      deviceIdentification: '999999', powerOff: '*turnoff*', getDeviceStatus: '*status*',
    }),
  ])('alternative %s %j is [begin]sms2,%s,[end]', (type, attributes, text) => {
    expect(encode(type, attributes, alternative)).toBe(`[begin]sms2,${text},[end]`);
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
