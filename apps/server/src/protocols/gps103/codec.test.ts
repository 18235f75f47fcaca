import { describe, expect, it } from 'vitest';
import { byteByByte, splitChunks, splitWhole } from '../codec-properties.ts';
import { locateFrame } from '../kit/locate.ts';
import { protocolTest, text } from '../testing/protocol-test.ts';
import { gps103Codec, gps103UdpCodec } from './codec.ts';

const REPORT = 'imei:359710045559474,tracker,151030080103,,F,000101.000,A,5443.3834,N,02512.9071,E,0.00,0;';

describe('GPS103 login and heartbeat', () => {
  it('a login identifies the device and is answered LOAD', () => {
    const device = protocolTest(gps103Codec, { anonymous: true });
    expect(device.none(text('##,imei:359586015829802,A;'))?.toString()).toBe('LOAD');
    expect(device.state.device?.uniqueId).toBe('359586015829802');
  });

  it('a heartbeat, the bare IMEI, is answered ON', () => {
    const device = protocolTest(gps103Codec, { anonymous: true });
    expect(device.none(text('359586015829802;'))?.toString()).toBe('ON');
    expect(device.state.device?.uniqueId).toBe('359586015829802');
  });

  it('a heartbeat in front of a report: answered ON, and the report decoded', () => {
    const device = protocolTest(gps103Codec);
    const [result] = device.decode(text('359769031878322imei:359769031878322,tracker,1602160718,2,F,221811.000,A,1655.2193,S,14546.6722,E,0.00,,;'));
    expect(result.reply?.toString()).toBe('ON');
    expect(result.uniqueId).toBe('359769031878322');
    expect(result.positions?.[0].fixTime.toISOString()).toBe('2016-02-15T22:18:11.000Z');
    expect(result.positions?.[0].latitude).toBeCloseTo(-(16 + 55.2193 / 60), 6);
  });

  it('every report names its device', () => {
    const device = protocolTest(gps103Codec, { anonymous: true });
    device.position(text(REPORT));
    expect(device.state.device?.uniqueId).toBe('359710045559474');
  });

  it('ignores line breaks and text that is not a message', () => {
    const device = protocolTest(gps103Codec);
    expect(device.decode(text('\r\n', 'hello;'))).toEqual([{}, {}]);
  });
});

describe('GPS103 framing', () => {
  const login = '##,imei:359586015829802,A;';
  const alternative = 'imei:861359038609986,Equipo 1,---,------,----,214734,241018,26,1,-33.42317,-70.61930,067,229,0674,1.00,08,0,1,---,*';
  const stream = Buffer.from(`${login}${REPORT}359586015829802;${alternative}imei:1,tracker,0000000119,,L,,,0FB6,,CB5D,,,\r\n`, 'latin1');
  const frames = [login, REPORT, '359586015829802;', alternative, 'imei:1,tracker,0000000119,,L,,,0FB6,,CB5D,,,\r\n'];

  it('splits concatenated messages at `;`, `*` and line breaks, keeping the end in the frame', () => {
    expect(splitWhole(gps103Codec, stream).map((frame) => frame.toString('latin1'))).toEqual(frames);
  });

  it('waits for the end of a message split across reads', () => {
    expect(gps103Codec.frameLength(Buffer.from(REPORT.slice(0, 40)))).toBe(0);
    expect(splitChunks(gps103Codec, byteByByte(stream)).map((frame) => frame.toString('latin1'))).toEqual(frames);
  });

  it('gives up on 32 KiB without an end, and waits for the next message from its start', () => {
    const junk = Buffer.alloc(33 * 1024, 0x41);
    expect(locateFrame(gps103Codec, Buffer.concat([junk, Buffer.from(REPORT.slice(0, 30))]))).toEqual({ skipped: junk.length, length: 0 });
    expect(locateFrame(gps103Codec, Buffer.concat([junk, Buffer.from('##,imei:3595')]))).toEqual({ skipped: junk.length, length: 0 });
  });

  it('over UDP a datagram is one message, whatever it ends with', () => {
    const datagram = Buffer.from(REPORT.slice(0, -1));
    expect(gps103UdpCodec.frameLength(datagram)).toBe(datagram.length);
    const [result] = protocolTest(gps103UdpCodec).decode(datagram);
    expect(result.positions?.[0].latitude).toBeCloseTo(54.72306, 5);
  });
});
