import { describe, expect, it } from 'vitest';
import { fixedSettings, ProtocolError, type ConnectionState } from '../codec.ts';
import { binary } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { t800xCodec } from './codec.ts';

function connection(data: Record<string, unknown> = {}, settings: Record<string, unknown> = {}): ConnectionState {
  return { device: { id: 1, uniqueId: '123456789012345' }, data, settings: fixedSettings(settings) };
}

const encode = (type: string, attributes: Record<string, unknown> = {}, state = connection()) => t800xCodec.encodeCommand({ type, attributes }, state);

describe('t800x commands', () => {
  it('lists custom and the relay commands', () => {
    expect(t800xCodec.commandTypes).toEqual(['custom', 'engineStop', 'engineResume']);
  });

  it('sends custom text in a 0x81 message, 0x2323 before the device wrote (Traccar’s encoder test)', () => {
    expect(encode('custom', { data: 'RELAY,0000,On#' })).toEqual(binary('232381001e000101234567890123450152454c41592c303030302c4f6e23'));
  });

  it('writes the marker of the device’s latest message', () => {
    const state = connection();
    // The login on line 71 of Traccar's T800xProtocolDecoderTest (vectors/traccar/t800x.json).
    t800xCodec.decode(traccarFrames('t800x')(71), state, new Date());
    expect(encode('engineStop', {}, state)).toEqual(binary('272781001e00010123456789012345 01', Buffer.from('RELAY,0000,On#').toString('hex')));
  });

  it('switches the relay with the device’s PIN', () => {
    expect(encode('engineResume', {}, connection({ header: 0x2525 })).toString('latin1', 16)).toBe('RELAY,0000,Off#');
    expect(encode('engineStop', {}, connection({}, { devicePassword: '1234' })).toString('latin1', 16)).toBe('RELAY,1234,On#');
    expect(encode('engineStop', { devicePassword: '9999' }).toString('latin1', 16)).toBe('RELAY,9999,On#');
  });

  it.each([
    ['an unsupported type', 'rebootDevice', {}, connection()],
    ['custom without data', 'custom', {}, connection()],
    ['non-ASCII text', 'custom', { data: 'RELAY,0000,Ön#' }, connection()],
    ['a connection not yet identified', 'engineStop', {}, { device: null, data: {} }],
    ['an identifier that is no IMEI', 'engineStop', {}, { device: { id: 1, uniqueId: 'ABC' }, data: {} }],
  ])('refuses %s', (_, type, attributes, state) => {
    expect(() => encode(type, attributes, state)).toThrow(ProtocolError);
  });
});
