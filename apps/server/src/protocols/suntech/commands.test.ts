import { describe, expect, it } from 'vitest';
import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { suntechCodec } from './codec.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');

/** A connection whose device identified itself, after it sent `report` (if any). */
function connection(report?: string): ConnectionState {
  const state: ConnectionState = { device: { id: 7, uniqueId: '205000001' }, data: {} };
  if (report) suntechCodec.decode(Buffer.from(`${report}\r`), state, RECEIVED);
  return state;
}

function encode(command: DeviceCommand, state: ConnectionState): string {
  return suntechCodec.encodeCommand(command, state).toString('latin1');
}

const LEGACY_REPORT = 'ST300STT;205000001;05;527;20240501;10:15:00;be139;-23.5614;-46.6559;0;0;11;1;5000;13.20;100000;2;0173';
const UNIVERSAL_REPORT = 'ALV;205000001';

describe('Suntech commands', () => {
  it('lists what Traccar supports for the protocol', () => {
    expect(suntechCodec.commandTypes).toEqual(['custom', 'outputControl', 'rebootDevice', 'positionSingle', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm']);
  });

  // each command in both dialects: the legacy action, and the universal code once the device spoke that protocol
  it.each([
    ['engineStop', {}, 'Enable1', '04;01'],
    ['engineResume', {}, 'Disable1', '04;02'],
    ['alarmArm', {}, 'Enable2', '04;03'],
    ['alarmDisarm', {}, 'Disable2', '04;04'],
    ['rebootDevice', {}, 'Reboot', '03;03'],
    ['positionSingle', {}, 'StatusReq', '03;01'],
    ['outputControl', { index: 1, data: '1' }, 'Enable1', '04;01'],
    ['outputControl', { index: 2, data: '1' }, 'Enable2', '04;03'],
    ['outputControl', { index: 3, data: '1' }, 'Enable3', '04;09'],
    ['outputControl', { index: 1, data: '0' }, 'Disable1', '04;02'],
    ['outputControl', { index: 2, data: '0' }, 'Disable2', '04;04'],
    ['outputControl', { index: '2', data: '0' }, 'Disable2', '04;04'],
    ['outputControl', { index: 3, data: '0' }, 'Disable3', '04;10'],
  ])('encodes %s %j as legacy %s (family of the last report) and universal %s', (type, attributes, action, code) => {
    expect(encode({ type, attributes }, connection(LEGACY_REPORT))).toBe(`ST300CMD;205000001;02;${action}\r`);
    expect(encode({ type, attributes }, connection(UNIVERSAL_REPORT))).toBe(`CMD;205000001;${code}\r`);
  });

  it('uses the SA200 family before any report said otherwise', () => {
    // Expected text from Traccar's SuntechProtocolEncoderTest (with this device's id).
    expect(encode({ type: 'rebootDevice', attributes: {} }, connection())).toBe('SA200CMD;205000001;02;Reboot\r');
    const st910 = connection('ST910;Location;205000001;500;20240501;10:15:00;-22.8;-46.3;0;0;1;3.8;0;1;9159');
    expect(encode({ type: 'engineStop', attributes: {} }, st910)).toBe('SA200CMD;205000001;02;Enable1\r');
  });

  it('stays universal after a later legacy-looking report', () => {
    const state = connection(UNIVERSAL_REPORT);
    suntechCodec.decode(Buffer.from(`${LEGACY_REPORT}\r`), state, RECEIVED);
    expect(encode({ type: 'engineStop', attributes: {} }, state)).toBe('CMD;205000001;04;01\r');
  });

  it('sends custom text as is, turning \\r and \\n escapes into line breaks', () => {
    expect(encode({ type: 'custom', attributes: { data: 'ST300CMD;205000001;02;Preset\\r' } }, connection())).toBe('ST300CMD;205000001;02;Preset\r');
    expect(encode({ type: 'custom', attributes: { data: 'A\\nB' } }, { device: null, data: {} })).toBe('A\nB');
  });

  it('refuses what it cannot encode', () => {
    const state = connection(UNIVERSAL_REPORT);
    expect(() => encode({ type: 'custom', attributes: {} }, state)).toThrow(ProtocolError);
    expect(() => encode({ type: 'engineStop', attributes: {} }, { device: null, data: {} })).toThrow(/not identified/);
    expect(() => encode({ type: 'outputControl', attributes: { index: 4, data: '1' } }, state)).toThrow(/no output 4/);
    expect(() => encode({ type: 'outputControl', attributes: { data: '1' } }, state)).toThrow(/output index/);
    expect(() => encode({ type: 'setTimezone', attributes: {} }, state)).toThrow('suntech: unsupported command type setTimezone');
  });
});
