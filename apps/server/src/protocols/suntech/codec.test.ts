import { describe, expect, it } from 'vitest';
import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import { createSuntechCodec, suntechCodec } from './codec.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');

const STT = 'ST300STT;205000001;05;527;20240501;10:15:00;be139;-23.561400;-046.655900;036.000;090.00;11;1;5000;13.20;100000;2;0173';
const ALV = 'ST300ALV;205000001';
const UEX = 'ST300UEX;205000001;05;527;20240501;10:15:00;be139;-23.561400;-046.655900;000.000;000.00;9;1;0;12.50;000000;19;RFID:00AABBCCDDEE\r\n;3E';

function newState(): ConnectionState {
  return { device: null, data: {} };
}

/** Splits a byte stream the way the TCP listener does; returns the frames and what is left over. */
function split(stream: Buffer): { frames: string[]; rest: string } {
  const frames: string[] = [];
  let rest = stream;
  for (let length = suntechCodec.frameLength(rest); length > 0; length = suntechCodec.frameLength(rest)) {
    frames.push(rest.subarray(0, length).toString('latin1'));
    rest = rest.subarray(length);
  }
  return { frames, rest: rest.toString('latin1') };
}

function decode(text: string, state = newState()): DecodeResult {
  return suntechCodec.decode(Buffer.from(text, 'latin1'), state, RECEIVED);
}

describe('Suntech framing', () => {
  it('ends a report at CR, and at CR LF', () => {
    expect(split(Buffer.from(`${STT}\r${ALV}\r\n${STT}\r`))).toEqual({ frames: [`${STT}\r`, `${ALV}\r\n`, `${STT}\r`], rest: '' });
  });

  it('keeps the line break that ends a UEX serial payload inside the report', () => {
    expect(split(Buffer.from(`${UEX}\r${UEX}\r\n`))).toEqual({ frames: [`${UEX}\r`, `${UEX}\r\n`], rest: '' });
    const reversed = UEX.replace('\r\n;', '\n\r;');
    expect(split(Buffer.from(`${reversed}\r`)).frames).toEqual([`${reversed}\r`]);
  });

  it('waits for the end of a report split across reads', () => {
    const stream = Buffer.from(`${STT}\r`);
    for (let cut = 0; cut < stream.length; cut += 1) expect(suntechCodec.frameLength(stream.subarray(0, cut))).toBe(0);
    expect(split(Buffer.from(`${STT}\r${ALV}`))).toEqual({ frames: [`${STT}\r`], rest: ALV });
  });

  it('frames binary reports by their length', () => {
    const binary = Buffer.concat([Buffer.from('81000a', 'hex'), Buffer.alloc(10), Buffer.from(`${ALV}\r`)]);
    expect(suntechCodec.frameLength(binary)).toBe(13);
    expect(suntechCodec.frameLength(binary.subarray(0, 1))).toBe(0);
    expect(suntechCodec.frameLength(binary.subarray(0, 12))).toBe(0);
  });

  it.each([
    ['a TLS handshake', Buffer.from('16030100a5', 'hex')],
    ['control bytes', Buffer.from('00ff', 'hex')],
    ['a compressed (zip) report', Buffer.from('0200321051', 'hex')],
  ])('rejects %s', (_name, bytes) => {
    expect(() => suntechCodec.frameLength(bytes)).toThrow(ProtocolError);
  });

  it('decodes a report framed with CR LF, and one whose LF arrived first in the next read', () => {
    expect(decode(`${STT}\r\n`).positions?.[0].attributes.index).toBe(173);
    expect(decode(`\n${STT}\r`).positions?.[0].attributes.index).toBe(173);
  });

  it('ignores empty lines and unknown texts', () => {
    expect(decode('\r')).toEqual({});
    expect(decode('-Error\r')).toEqual({});
    expect(decode('HELLO;123\r')).toEqual({});
  });

  it('rejects malformed fields so the connection closes', () => {
    expect(() => decode(STT.replace('20240501', '20240231'))).toThrow(/date and time/);
    expect(() => decode(STT.replace('-23.561400', '-93.5'))).toThrow(/latitude out of range/);
    expect(() => decode(STT.replace('036.000', 'fast'))).toThrow(/expected a number/);
    expect(() => decode(STT.slice(0, STT.lastIndexOf(';')))).toThrow(/missing/);
  });

  it('never replies, not even to the keep-alive, which identifies the device', () => {
    expect(decode(ALV)).toEqual({ uniqueId: '205000001', positions: [] });
    expect(decode(STT).reply).toBeUndefined();
  });

  it('takes its settings per codec, defaulting to Traccar', () => {
    const withHours = createSuntechCodec({ hbm: 1 });
    const report = `${STT};000120;4.1;0`;
    expect(suntechCodec.decode(Buffer.from(report), newState(), RECEIVED).positions?.[0].attributes).not.toHaveProperty('hours');
    expect(withHours.decode(Buffer.from(report), newState(), RECEIVED).positions?.[0].attributes).toMatchObject({
      hours: 7_200_000,
      battery: 4.1,
      archive: true,
    });
  });
});
