import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedSettings, ProtocolError, type ConnectionState } from '../codec.ts';
import { binary } from '../testing/protocol-test.ts';
import { jt808Codec } from './codec.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

/** A device identified as 123456789012345 (terminal id 0b3a73ce2ff2), nothing heard on this connection yet. */
function device(settings: Record<string, string | boolean> = {}): ConnectionState {
  return { device: { id: 1, uniqueId: '123456789012345' }, data: {}, settings: fixedSettings(settings) };
}

const encode = (type: string, attributes: Record<string, unknown> = {}, state = device()) => jt808Codec.encodeCommand({ type, attributes }, state);

describe('jt808 commands', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('cuts and restores the engine with terminal control 0x8105 (Traccar encoder test)', () => {
    expect(encode('engineStop')).toEqual(binary('7e810500010b3a73ce2ff20000f0247e'));
    expect(encode('engineResume')).toEqual(binary('7e810500010b3a73ce2ff20000f1257e'));
    expect(encode('engineStop', {}, device({ model: 'VL300' }))).toEqual(binary('7e810500040b3a73ce2ff2000023303b31c87e'));
    expect(encode('engineStop', {}, device({ model: 'W15L' }))).toEqual(binary('7e810500010b3a73ce2ff2000064b07e'));
  });

  it('uses oil control 0xA006 with the terminal time when jt808.alternative is set', () => {
    vi.useFakeTimers({ now: new Date('2024-01-02T03:04:05.000Z') });
    expect(encode('engineStop', {}, device({ 'jt808.alternative': true }))).toEqual(binary('7ea00600070b3a73ce2ff2000001240102110405c67e'));
  });

  it('sends custom data per model: raw hex, text message, Jimi online command, AT command', () => {
    const message = '7e830000140b3a73ce2ff2000001546573742c20436f6d6d616e642c2031323323a57e';
    expect(encode('custom', { data: message })).toEqual(binary(message));
    expect(encode('custom', { data: 'Test, Command, 123#' }, device({ model: 'BSJ' }))).toEqual(binary(message));
    expect(encode('custom', { data: 'TEST' }, device({ model: 'JC371' }))).toEqual(binary('7e890000050b3a73ce2ff20000f0544553543b7e'));
    expect(encode('custom', { data: 'AT' }, device({ model: 'AL300' }))).toEqual(binary('7e810300080b3a73ce2ff20000010000f0300241540d7e'));
  });

  it('sets parameters for reboot, report interval and arming', () => {
    expect(encode('rebootDevice')).toEqual(binary('7e031000040b3a73ce2ff2000001230103667e'));
    expect(encode('positionPeriodic', { frequency: 30 })).toEqual(binary('7e031000070b3a73ce2ff200000106040000001e587e'));
    expect(encode('alarmArm')).toEqual(binary('7e031000080b3a73ce2ff2000001240501757365727a7e'));
    expect(encode('alarmDisarm')).toEqual(binary('7e031000080b3a73ce2ff2000001240500757365727b7e'));
  });

  it('writes to the terminal in the edition and id of its own messages', () => {
    const state = device();
    // A 2019-edition batch report: line 33 of Traccar's JT808ProtocolDecoderTest (vectors/traccar/jt808.json).
    jt808Codec.decode(traccarFrames('jt808')(33), state, new Date());
    expect(encode('engineStop', {}, state)).toEqual(binary('7e8105400101000008664960775821640000f0197e'));
  });

  it('refuses what it cannot encode', () => {
    expect(() => encode('custom', { data: 'not hex' })).toThrow(ProtocolError);
    expect(() => encode('custom', {}, device({ model: 'JC371' }))).toThrow(ProtocolError);
    expect(() => encode('custom', { data: 'olá' }, device({ model: 'BSJ' }))).toThrow(ProtocolError);
    expect(() => encode('positionPeriodic', { frequency: 'often' })).toThrow(ProtocolError);
    expect(() => encode('sosNumber')).toThrow(ProtocolError);
    expect(jt808Codec.commandTypes).toEqual(['custom', 'rebootDevice', 'positionPeriodic', 'alarmArm', 'alarmDisarm', 'engineStop', 'engineResume']);
  });
});
