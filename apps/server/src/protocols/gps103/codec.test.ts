import { describe, expect, it } from 'vitest';
import { byteByByte, splitChunks, splitWhole } from '../codec-properties.ts';
import { locateFrame } from '../kit/locate.ts';
import { protocolTest, text } from '../testing/protocol-test.ts';
import { traccarMessages } from '../testing/traccar-vectors.ts';
import { gps103Codec, gps103UdpCodec } from './codec.ts';

// Messages by their line in Traccar's Gps103ProtocolDecoderTest (vectors/traccar/gps103.json). Several of
// Traccar's copies leave out the `;` that ends a message on the wire.
const gps103 = traccarMessages('gps103');
const REPORT = gps103(144);
const LOGIN = `${gps103(157)};`;
const HEARTBEAT = `${gps103(161)};`;

describe('GPS103 login and heartbeat', () => {
  it('a login identifies the device and is answered LOAD', () => {
    const device = protocolTest(gps103Codec, { anonymous: true });
    expect(device.none(text(LOGIN))?.toString()).toBe('LOAD');
    expect(device.state.device?.uniqueId).toBe('359586015829802');
  });

  it('a heartbeat, the bare IMEI, is answered ON', () => {
    const device = protocolTest(gps103Codec, { anonymous: true });
    expect(device.none(text(HEARTBEAT))?.toString()).toBe('ON');
    expect(device.state.device?.uniqueId).toBe('359586015829802');
  });

  it('a heartbeat in front of a report: answered ON, and the report decoded', () => {
    const device = protocolTest(gps103Codec);
    const [result] = device.decode(text(gps103(120), ';'));
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
  const alternative = gps103(44);
  const stream = Buffer.from(`${LOGIN}${REPORT}${HEARTBEAT}${alternative}imei:1,tracker,0000000119,,L,,,0FB6,,CB5D,,,\r\n`, 'latin1');
  const frames = [LOGIN, REPORT, HEARTBEAT, alternative, 'imei:1,tracker,0000000119,,L,,,0FB6,,CB5D,,,\r\n'];

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
