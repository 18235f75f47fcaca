import { describe, expect, it } from 'vitest';
import { ProtocolError, type ConnectionState } from '../codec.ts';
import { binary, text } from '../testing/protocol-test.ts';
import { watchCodec } from './codec.ts';

const identified = (data: Record<string, unknown> = {}): ConnectionState => ({ device: { id: 1, uniqueId: '123456789012345' }, data });
const encode = (type: string, attributes: Record<string, unknown> = {}, state = identified()) => watchCodec.encodeCommand({ type, attributes }, state);

describe('watch commands', () => {
  it.each([
    // Traccar's WatchProtocolEncoderTest
    ['rebootDevice', {}, '[CS*123456789012345*0005*RESET]'],
    ['sosNumber', { index: 1, phone: '123456789' }, '[CS*123456789012345*000e*SOS1,123456789]'],
    ['message', { message: 'text' }, '[CS*123456789012345*0018*MESSAGE,0074006500780074]'],
    ['custom', { data: 'WORK,6-9,11-13,13-15,17-19' }, '[CS*123456789012345*001a*WORK,6-9,11-13,13-15,17-19]'],
    ['voiceMessage', { data: '2321414d520a2573' }, '[CS*123456789012345*000b*TK,#!AMR\n%s]'],
    ['setTimezone', { timezone: 'Europe/Amsterdam' }, '[CS*123456789012345*0006*LZ,,+1]'],
    ['setTimezone', { timezone: 'GMT+01:30' }, '[CS*123456789012345*0008*LZ,,+1.5]'],
    ['setTimezone', { timezone: 'Atlantic/Azores' }, '[CS*123456789012345*0006*LZ,,-1]'],
    ['setTimezone', { timezone: 'GMT-11:30' }, '[CS*123456789012345*0009*LZ,,-11.5]'],
    ['setTimezone', { language: 0, timezone: 'GMT+05:45' }, '[CS*123456789012345*000a*LZ,0,+5.75]'],
    // the firmware's commands for the other types
    ['positionSingle', {}, '[CS*123456789012345*0002*CR]'],
    ['positionPeriodic', { frequency: 300 }, '[CS*123456789012345*000a*UPLOAD,300]'],
    ['powerOff', {}, '[CS*123456789012345*0008*POWEROFF]'],
    ['alarmSos', { enable: true }, '[CS*123456789012345*0008*SOSSMS,1]'],
    ['alarmBattery', { enable: false }, '[CS*123456789012345*0008*LOWBAT,0]'],
    ['alarmRemove', { enable: 'true' }, '[CS*123456789012345*0008*REMOVE,1]'],
    ['silenceTime', { data: '21:10-07:30' }, '[CS*123456789012345*0017*SILENCETIME,21:10-07:30]'],
    ['alarmClock', { data: '08:10-1-1' }, '[CS*123456789012345*0010*REMIND,08:10-1-1]'],
    ['setPhonebook', { data: '1234,Mum' }, '[CS*123456789012345*000c*PHB,1234,Mum]'],
    ['setIndicator', { data: '5' }, '[CS*123456789012345*0008*FLOWER,5]'],
  ])('%s %j is %s', (type, attributes, expected) => {
    expect(encode(type, attributes).toString('latin1')).toBe(expected);
  });

  it('escapes binary voice data (Traccar’s encoder test)', () => {
    expect(encode('voiceMessage', { data: '7d5b5d2c2a' })).toEqual(Buffer.concat([text('[CS*123456789012345*000d*TK,'), binary('7d017d027d037d047d05'), text(']')]));
    expect(encode('voiceMessage', { data: 'ff' })).toEqual(Buffer.concat([text('[CS*123456789012345*0004*TK,'), binary('ff'), text(']')]));
  });

  it('writes the device’s manufacturer and serial, SG for 3G devices', () => {
    const state = identified();
    watchCodec.decode(text('[ZJ*123456789012345*0034*0002*LK]'), state, new Date());
    expect(encode('positionSingle', {}, state).toString()).toBe('[ZJ*123456789012345*0001*0002*CR]');
    expect(encode('rebootDevice', {}, identified({ manufacturer: '3G' })).toString()).toBe('[SG*123456789012345*0005*RESET]');
  });

  it.each([
    ['an unsupported type', 'engineStop', {}, identified()],
    ['custom without data', 'custom', {}, identified()],
    ['non-ASCII text', 'custom', { data: 'Grüße' }, identified()],
    ['a frequency that is not a number', 'positionPeriodic', { frequency: 'often' }, identified()],
    ['an alarm switch without enable', 'alarmSos', {}, identified()],
    ['voice data that is not hex', 'voiceMessage', { data: 'xyz' }, identified()],
    ['an unknown time zone', 'setTimezone', { timezone: 'Mars/Olympus' }, identified()],
    ['a connection not yet identified', 'rebootDevice', {}, { device: null, data: {} }],
  ])('refuses %s', (_, type, attributes, state) => {
    expect(() => encode(type, attributes, state)).toThrow(ProtocolError);
  });
});
