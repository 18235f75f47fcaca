import { describe, expect, it } from 'vitest';
import { ProtocolError, fixedSettings, type ConnectionState } from '../codec.ts';
import { ByteReader } from './byte-reader.ts';
import { commandText, unsupportedCommand, type CommandTexts } from './commands.ts';
import { unescapeBytes } from './escapes.ts';
import { crc16CcittFalse, crc16Ibm, crc16Kermit, crc16X25, crc16Xmodem } from './crc.ts';
import { delimited, enclosed, lengthPrefixed } from './framing.ts';
import { booleanSetting, modelOf, numberSetting, textSetting } from './settings.ts';
import { textNumberReaders } from './text-numbers.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('framing', () => {
  it('delimited: whole frames, partial ones, junk before the start, and an over-long frame skipped to the next', () => {
    const lines = delimited([';', '\r\n'], { maxLength: 16 });
    expect(lines.frameLength(bytes('imei:1,A;imei:2'))).toBe(9);
    expect(lines.frameLength(bytes('imei:2'))).toBe(0);
    expect(() => lines.frameLength(bytes(`${'x'.repeat(20)};ok;`))).toThrow(ProtocolError);
    expect(lines.frameStart(bytes(`${'x'.repeat(20)};ok;`), 1)).toBe(21);
    const started = delimited(['#'], { start: '*HQ' });
    expect(() => started.frameLength(bytes('xx*HQ,1#'))).toThrow(ProtocolError);
    expect(started.frameStart(bytes('xx*HQ,1#'), 1)).toBe(2);
    expect(started.frameLength(bytes('*HQ,1#'))).toBe(6);
  });

  it('lengthPrefixed: waits for the whole frame, refuses a wrong header or an impossible length', () => {
    const gt06 = lengthPrefixed({ header: Buffer.from('7878', 'hex'), offset: 2, size: 1, adjust: 5 });
    expect(gt06.frameLength(Buffer.from('78780d01', 'hex'))).toBe(0);
    expect(gt06.frameLength(Buffer.from('7878050100010d0a0d0a', 'hex'))).toBe(10);
    expect(gt06.frameLength(Buffer.from('78', 'hex'))).toBe(0);
    expect(() => gt06.frameLength(Buffer.from('7978', 'hex'))).toThrow(ProtocolError);
    expect(gt06.frameStart(Buffer.from('00117878', 'hex'), 1)).toBe(2);
    const short = lengthPrefixed({ header: Buffer.from('24', 'hex'), offset: 1, size: 2, adjust: -10 });
    expect(() => short.frameLength(Buffer.from('240001', 'hex'))).toThrow(/impossible/);
  });

  it('enclosed: from the start byte to the end byte', () => {
    const jt808 = enclosed(0x7e, 0x7e);
    expect(jt808.frameLength(Buffer.from('7e01027e7e', 'hex'))).toBe(4);
    expect(jt808.frameLength(Buffer.from('7e0102', 'hex'))).toBe(0);
    expect(() => jt808.frameLength(Buffer.from('017e', 'hex'))).toThrow(ProtocolError);
    expect(jt808.frameStart(Buffer.from('01027e', 'hex'), 1)).toBe(2);
  });
});

describe('ByteReader', () => {
  it('reads big- and little-endian fields, BCD and floats, and refuses to run past the end', () => {
    const reader = new ByteReader(Buffer.from('0102030405060708' + '2024' + '0000c03f' + '0000807f', 'hex'), 'test frame');
    expect(reader.u16()).toBe(0x0102);
    expect(reader.u16le()).toBe(0x0403);
    expect(reader.u24()).toBe(0x050607);
    expect(reader.remaining).toBe(11);
    reader.skip(1);
    expect(reader.bcdNumber(2)).toBe(2024);
    expect(reader.f32le()).toBe(1.5);
    expect(() => reader.f32le()).toThrow(/non-finite/);
    expect(() => reader.u8()).toThrow(/test frame is truncated/);
    expect(() => new ByteReader(Buffer.from('1a', 'hex')).bcdNumber(1)).toThrow(/BCD/);
  });
});

describe('CRC-16 catalogue check values (the CRC of "123456789")', () => {
  it.each([
    [crc16X25, 0x906e],
    [crc16Ibm, 0xbb3d],
    [crc16CcittFalse, 0x29b1],
    [crc16Xmodem, 0x31c3],
    [crc16Kermit, 0x2189],
  ])('%o', (crc, check) => {
    expect(crc(bytes('123456789'))).toBe(check);
  });
});

describe('settings', () => {
  it('reads model and typed settings whether stored as text or typed', () => {
    const state: ConnectionState = { device: null, data: {}, settings: fixedSettings({ model: ' vl103 ', 'a.n': '12', 'a.b': 'true', 'a.t': 5, 'a.bad': 'x' }) };
    expect(modelOf(state)).toBe('VL103');
    expect(numberSetting(state, 'a.n')).toBe(12);
    expect(numberSetting(state, 'a.bad')).toBeUndefined();
    expect(booleanSetting(state, 'a.b')).toBe(true);
    expect(textSetting(state, 'a.t')).toBe('5');
    expect(textSetting(state, 'missing')).toBeUndefined();
    expect(modelOf({ device: null, data: {} })).toBe('');
  });
});

describe('two-byte escapes', () => {
  const resolve = (code: number | undefined) => (code === 0x01 ? 0x7e : undefined);

  it('replaces each escape pair by the byte its code stands for, and drops a pair the resolver refuses', () => {
    expect(unescapeBytes(Buffer.from([0x41, 0x7d, 0x01, 0x42]), 0x7d, resolve)).toEqual(Buffer.from([0x41, 0x7e, 0x42]));
    expect(unescapeBytes(Buffer.from([0x41, 0x7d, 0x09, 0x42]), 0x7d, resolve)).toEqual(Buffer.from([0x41, 0x42]));
  });

  it('asks the resolver about an escape at the very end, so it can call the frame broken', () => {
    const strict = (code: number | undefined) => {
      if (code === undefined) throw new ProtocolError('broken escape');
      return code;
    };
    expect(() => unescapeBytes(Buffer.from([0x41, 0x7d]), 0x7d, strict)).toThrow(ProtocolError);
  });
});

describe('text number readers', () => {
  const { parseInteger, parseDecimal, parseHex } = textNumberReaders('demo: ');

  it('read plain notations only, naming the protocol in the error', () => {
    expect([parseInteger('-12'), parseDecimal('+1.5e2'), parseHex('1F')]).toEqual([-12, 150, 31]);
    expect(() => parseInteger('0x1F')).toThrow('demo: expected an integer, got "0x1F"');
    expect(() => parseDecimal('Infinity')).toThrow(ProtocolError);
    expect(() => parseHex('')).toThrow(ProtocolError);
  });
});

describe('command tables', () => {
  const texts: CommandTexts<string> = {
    rebootDevice: 'RESET',
    positionPeriodic: (command, password) => `TIMER,${password},${String(command.attributes.frequency)}`,
  };
  const command = (type: string, attributes: Record<string, unknown> = {}) => ({ type, attributes });

  it('writes a fixed text, or one from the command and what the encoder knows', () => {
    expect(commandText(texts, command('rebootDevice'), 'demo', '1234')).toBe('RESET');
    expect(commandText(texts, command('positionPeriodic', { frequency: 30 }), 'demo', '1234')).toBe('TIMER,1234,30');
  });

  it("refuses a type the table lacks, an object's own keys only", () => {
    for (const type of ['engineStop', 'toString', 'constructor', '__proto__']) {
      expect(() => commandText(texts, command(type), 'demo', '1234')).toThrow(new ProtocolError(`demo: unsupported command type ${type}`));
    }
  });

  it('words the refusal of an encoder without a table the same way', () => {
    expect(unsupportedCommand(command('alarmArm'), 'demo')).toEqual(new ProtocolError('demo: unsupported command type alarmArm'));
  });
});
