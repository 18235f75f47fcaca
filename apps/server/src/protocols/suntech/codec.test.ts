import { describe, expect, it } from 'vitest';
import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import { createSuntechCodec, suntechCodec } from './codec.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

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

// Frames by their line in Traccar's SuntechProtocolDecoderTest (vectors/traccar/suntech.json).
const suntech = traccarFrames('suntech');
/** An ST310U compressed status report. */
const ZIP = suntech(15);
/** From Traccar's SuntechProtocolDecoderTest: a crash report. */
const CRASH =
  '4352523b303931303030303036333b313b313b303135303b16011c150f0ad82f6c0000000000ae037085fbff7700fd00faff6300f30000006800fb000d007100fa00f32f6c00000000005e044a80fcff6f000301e1ff5d00e900e1ff6400e600f4ff5b00ec000a306c00000000002104248306006c000501fcff5b00e00001006e000101eeff4e00e10022306c00000000005c041a7e00006a00010100005d00f800b5ff7cffdf0050009300fc003b44350d';

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

  it('frames compressed reports by their length, footer included', () => {
    const zip = Buffer.concat([ZIP, Buffer.from(`${ALV}\r`)]);
    expect(suntechCodec.frameLength(zip)).toBe(54);
    expect(suntechCodec.frameLength(zip.subarray(0, 53))).toBe(0);
  });

  it('frames crash reports by the length of their binary data, line breaks in it included', () => {
    const crash = Buffer.from(CRASH, 'hex');
    expect(crash.indexOf(0x0d)).toBeLessThan(crash.length - 1);
    expect(split(Buffer.concat([crash, Buffer.from(`${ALV}\r`)])).frames).toEqual([crash.toString('latin1'), `${ALV}\r`]);
    for (const cut of [2, 10, 30, 170]) expect(suntechCodec.frameLength(crash.subarray(0, cut))).toBe(0);
  });

  it.each([
    ['a TLS handshake', Buffer.from('16030100a5', 'hex')],
    ['control bytes', Buffer.from('00ff', 'hex')],
  ])('rejects %s', (_name, bytes) => {
    expect(() => suntechCodec.frameLength(bytes)).toThrow(ProtocolError);
  });

  it('skips junk to the next text head, binary or compressed report', () => {
    const start = (junk: string, frame: Buffer) => suntechCodec.frameStart!(Buffer.concat([Buffer.from(junk, 'hex'), frame]), 1);
    expect(start('16030100a5', Buffer.from(`${STT}\r`))).toBe(5);
    expect(start('16030100a5', Buffer.from(`STT;0560009999;001801;-23.5614;-46.6559\r`))).toBe(5);
    expect(start('16ff', Buffer.from('81000a', 'hex'))).toBe(2);
    expect(start('16ff', ZIP)).toBe(2);
    // A head cut by the end of the data may still be one; a lower-case word or a lone letter is not.
    expect(start('1603', Buffer.from('ST30'))).toBe(2);
    expect(suntechCodec.frameStart!(Buffer.from('\x16hello;x'), 1)).toBe(-1);
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

describe('Suntech compressed (zip) reports', () => {
  it('decodes the status report of an ST310U', () => {
    const result = suntechCodec.decode(ZIP, newState(), RECEIVED);
    expect(result.uniqueId).toBe('511340877');
    const [position] = result.positions ?? [];
    expect(position).toMatchObject({ valid: true, speed: 0.38, course: 26.3, fixTime: new Date('2024-12-23T00:22:04Z') });
    expect(position.latitude).toBeCloseTo(-12.063565, 6);
    expect(position.longitude).toBeCloseTo(-45.793653, 6);
    expect(position.attributes).toEqual({ odometer: 23486038, power: 0, ignition: false, in1: false, in2: false, in3: false, out1: false, out2: false, event: 1 });
  });

  it('reads hours, battery and archive flag after the event with suntech.hbm 1', () => {
    const frame = Buffer.from(ZIP);
    frame[50] = 0; // archive byte
    const [position] = createSuntechCodec({ hbm: 1 }).decode(frame, newState(), RECEIVED).positions ?? [];
    expect(position.attributes).toMatchObject({ hours: 0x00750002, battery: 0x7127, archive: true });
  });

  it('yields nothing for other compressed messages', () => {
    const other = Buffer.from(ZIP);
    other[3] = 0x11;
    expect(suntechCodec.decode(other, newState(), RECEIVED)).toEqual({});
  });
});

describe('Suntech crash reports', () => {
  const crash = Buffer.from(CRASH, 'hex');

  it('gives four positions around the crash, each with its accelerometer samples as gSensor', () => {
    const result = suntechCodec.decode(crash, newState(), RECEIVED);
    expect(result.uniqueId).toBe('0910000063');
    const positions = result.positions ?? [];
    expect(positions.map((position) => position.fixTime.toISOString())).toEqual([
      '2022-01-28T21:15:07.000Z',
      '2022-01-28T21:15:08.000Z',
      '2022-01-28T21:15:09.000Z',
      '2022-01-28T21:15:11.000Z',
    ]);
    expect(positions[0]).toMatchObject({ valid: true, latitude: 0.7090136, longitude: 0, course: 341.6 });
    expect(positions[0].speed).toBeCloseTo(9.42 / 1.852, 4);
    expect(positions[0].attributes).toEqual({ gSensor: '[[-5,119,253],[-6,99,243],[0,104,251],[13,113,250]]' });
    expect(positions[3].attributes.gSensor).toBe('[[0,106,257],[0,93,248],[-75,-132,223],[80,147,252]]');
  });

  it('gathers the parts of a crash on the connection and decodes them with the last', () => {
    const data = crash.subarray(24, 174);
    const part = (n: number, bytes: Buffer) => Buffer.concat([Buffer.from(`CRR;0910000063;${n};2;${String(bytes.length).padStart(4, '0')};`), bytes, Buffer.from(';00\r')]);
    const state = newState();
    expect(suntechCodec.decode(part(1, data.subarray(0, 100)), state, RECEIVED)).toEqual({ uniqueId: '0910000063', positions: [] });
    const positions = suntechCodec.decode(part(2, data.subarray(100)), state, RECEIVED).positions ?? [];
    expect(positions.map((position) => position.attributes.gSensor)).toEqual((suntechCodec.decode(crash, newState(), RECEIVED).positions ?? []).map((position) => position.attributes.gSensor));
  });

  it('rejects crash data that cannot hold four points', () => {
    const short = Buffer.concat([Buffer.from('CRR;0910000063;1;1;0010;'), crash.subarray(24, 34), Buffer.from(';00\r')]);
    expect(() => suntechCodec.decode(short, newState(), RECEIVED)).toThrow(ProtocolError);
  });
});
