import { describe, expect, it } from 'vitest';
import { fixedSettings, ProtocolError, type ConnectionState } from '../codec.ts';
import { meitrackCodec } from './codec.ts';

const state = (settings: Record<string, unknown> = {}): ConnectionState => ({
  device: { id: 1, uniqueId: '123456789012345' },
  data: {},
  settings: fixedSettings(settings),
});

const encode = (type: string, attributes: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) =>
  meitrackCodec.encodeCommand({ type, attributes }, state(settings)).toString('latin1');

describe('Meitrack commands', () => {
  it('lists Traccar’s commands', () => {
    expect(meitrackCodec.commandTypes).toEqual(['custom', 'positionSingle', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'requestPhoto', 'sendSms']);
  });

  it.each([
    // Traccar's encoder test.
    ['positionSingle', {}, '@@A25,123456789012345,A10*58\r\n'],
    ['sendSms', { phone: '15360853789', message: 'Meitrack' }, '@@A48,123456789012345,C02,0,15360853789,Meitrack*8B\r\n'],
    ['engineStop', {}, '@@A33,123456789012345,C01,0,12222*DA\r\n'],
    ['engineResume', {}, '@@A33,123456789012345,C01,0,02222*D9\r\n'],
    ['alarmArm', {}, '@@A33,123456789012345,C01,0,22122*DA\r\n'],
    ['alarmDisarm', {}, '@@A33,123456789012345,C01,0,22022*D9\r\n'],
    ['custom', { data: 'A12,6' }, '@@A27,123456789012345,A12,6*BE\r\n'],
    ['requestPhoto', {}, '@@A46,123456789012345,D03,1,camera_picture.jpg*1C\r\n'],
    ['requestPhoto', { index: 2 }, '@@A46,123456789012345,D03,2,camera_picture.jpg*1D\r\n'],
  ])('%s', (type, attributes, expected) => {
    expect(encode(type, attributes)).toBe(expected);
  });

  it('arms and disarms with B21 when meitrack.alternative is set', () => {
    expect(encode('alarmArm', {}, { 'meitrack.alternative': true })).toBe('@@A27,123456789012345,B21,1*BA\r\n');
    expect(encode('alarmDisarm', {}, { 'meitrack.alternative': 'true' })).toBe('@@A27,123456789012345,B21,0*B9\r\n');
  });

  it('refuses what it cannot send', () => {
    expect(() => encode('rebootDevice')).toThrow(ProtocolError);
    expect(() => encode('custom', {})).toThrow(/data/);
    expect(() => encode('custom', { data: 'A12*6' })).toThrow(ProtocolError);
    expect(() => encode('sendSms', { phone: '1' })).toThrow(/message/);
    expect(() => meitrackCodec.encodeCommand({ type: 'engineStop', attributes: {} }, { device: null, data: {} })).toThrow(/identified/);
  });
});
