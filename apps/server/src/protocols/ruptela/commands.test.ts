import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { ruptelaCodec } from './codec.ts';
import { crc16Kermit } from '../kit/crc.ts';

const encode = (type: string, attributes: Record<string, unknown> = {}) =>
  ruptelaCodec.encodeCommand({ type, attributes }, { device: { id: 1, uniqueId: '863071016796572' }, data: {} }).toString('hex');

/** `<length> <id> <content> <CRC>`. */
function message(id: number, content: string): string {
  const body = Buffer.from(id.toString(16) + content, 'hex');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length);
  const crc = Buffer.alloc(2);
  crc.writeUInt16BE(crc16Kermit(body));
  return Buffer.concat([length, body, crc]).toString('hex');
}

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

describe('Ruptela commands', () => {
  it('lists Traccar’s commands', () => {
    expect(ruptelaCodec.commandTypes).toEqual(['custom', 'engineStop', 'engineResume', 'requestPhoto', 'configuration', 'getVersion', 'firmwareUpdate', 'outputControl', 'setConnection', 'setOdometer']);
  });

  it('sends custom text as an SMS command over GPRS and custom hex as is (Traccar’s encoder test)', () => {
    expect(encode('custom', { data: ' Setio 2,1' })).toBe('000b6c20536574696f20322c31eb3e');
    expect(encode('custom', { data: '000b890100000000007fffffff89f0' })).toBe('000b890100000000007fffffff89f0');
  });

  it('requests the pictures taken (file transfer, subtype 1, any time)', () => {
    expect(encode('requestPhoto')).toBe('000b890100000000007fffffff89f0');
  });

  it.each([
    ['engineStop', {}, message(108, hex('pass immobilizer 10'))],
    ['engineResume', {}, message(108, hex('pass resetimmob'))],
    ['configuration', { data: '#cfg_start@' }, message(102, hex('#cfg_start@\r\n'))],
    ['getVersion', {}, message(103, '')],
    ['firmwareUpdate', {}, message(104, hex('|FU_STRT*\r\n'))],
    ['outputControl', { index: 2, data: '1' }, message(117, '0000000200000001')],
    ['setConnection', { server: 'gps.example.com', port: 5046 }, message(105, hex('gps.example.com,5046,TCP'))],
    ['setOdometer', { data: 123456 }, message(106, '0001e240')],
  ])('%s', (type, attributes, expected) => {
    expect(encode(type, attributes)).toBe(expected);
  });

  it('refuses what it cannot send', () => {
    expect(() => encode('rebootDevice')).toThrow(ProtocolError);
    expect(() => encode('custom')).toThrow(/data/);
    expect(() => encode('outputControl', { index: 'one', data: 1 })).toThrow(/index/);
    expect(() => encode('custom', { data: 'héllo' })).toThrow(ProtocolError);
  });
});
