import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, identify, protocolTest, text } from '../testing/protocol-test.ts';
import { traccarFrames, traccarMessages } from '../testing/traccar-vectors.ts';
import { gl200Codec, gl200UdpCodec } from './codec.ts';

// Frames by their line in Traccar's Gl200Text/BinaryProtocolDecoderTest (vectors/traccar/gl200.json).
const gl200Text = traccarMessages('gl200', 'Gl200TextProtocolDecoderTest.java');
const FRI = gl200Text(462);
/** Traccar's copy leaves out the `$` that ends the heartbeat on the wire. */
const HEARTBEAT = `${gl200Text(588)}$`;
const BINARY_RSP = traccarFrames('gl200', 'Gl200BinaryProtocolDecoderTest.java')(25);

/** Splits a stream as the TCP listener does; returns the frames and what is left over. */
function split(stream: Buffer): { frames: Buffer[]; rest: Buffer } {
  const frames: Buffer[] = [];
  let rest = stream;
  for (let length = gl200Codec.frameLength(rest); length > 0; length = gl200Codec.frameLength(rest)) {
    frames.push(rest.subarray(0, length));
    rest = rest.subarray(length);
  }
  return { frames, rest };
}

describe('gl200 framing', () => {
  it('ends text reports at $ and frames binary reports by their length, back to back', () => {
    const stream = Buffer.concat([text(FRI), BINARY_RSP, text(HEARTBEAT)]);
    const { frames, rest } = split(stream);
    expect(frames).toEqual([text(FRI), BINARY_RSP, text(HEARTBEAT)]);
    expect(rest).toHaveLength(0);
  });

  it('waits for the rest of a report split across reads', () => {
    for (const frame of [text(FRI), BINARY_RSP]) {
      for (let cut = 0; cut < frame.length; cut += 1) expect(gl200Codec.frameLength(frame.subarray(0, cut))).toBe(0);
      expect(gl200Codec.frameLength(frame)).toBe(frame.length);
    }
  });

  it('also ends text reports at a NUL byte', () => {
    const frame = text(FRI.replace(/\$$/, '\0'));
    expect(gl200Codec.frameLength(Buffer.concat([frame, text(HEARTBEAT)]))).toBe(frame.length);
    protocolTest(gl200Codec).position(frame, { attributes: { type: 'FRI' } });
  });

  it('reads the length field of every binary header', () => {
    const frame = (header: string, bytes: number[], length: number) => Buffer.concat([Buffer.from(header, 'latin1'), Buffer.from(bytes), Buffer.alloc(length)]);
    // +ACK (not followed by a colon): length byte at 6; +HBD: at 5; +INF: 2 bytes at 7; +CRD: 2 bytes at 6; +EVT and others: 2 bytes at 9.
    expect(gl200Codec.frameLength(frame('+ACK', [0x01, 0x7f, 0x24], 40))).toBe(0x24);
    expect(gl200Codec.frameLength(frame('+HBD', [0x01, 0x20], 40))).toBe(0x20);
    expect(gl200Codec.frameLength(frame('+INF', [0x01, 0xfd, 0x7f, 0x00, 0x30], 60))).toBe(0x30);
    expect(gl200Codec.frameLength(frame('+CRD', [0x01, 0x00, 0x00, 0x28], 60))).toBe(0x28);
    expect(gl200Codec.frameLength(frame('+EVT', [0x0c, 0x00, 0xfc, 0x1f, 0xbf, 0x00, 0x5c], 100))).toBe(0x5c);
    expect(gl200Codec.frameLength(frame('+', [0x00, 0x00, 0x38], 60))).toBe(0x38);
    expect(() => gl200Codec.frameLength(frame('+HBD', [0x01, 0x02], 40))).toThrow(ProtocolError);
  });

  it('refuses junk, and finds where the next report starts', () => {
    const stream = Buffer.concat([text('\r\nGARBAGE'), text(FRI)]);
    expect(() => gl200Codec.frameLength(stream)).toThrow(ProtocolError);
    expect(gl200Codec.frameStart?.(stream, 0)).toBe(9);
    expect(() => gl200Codec.frameLength(text(`+RESP:GTFRI,${'1,'.repeat(3000)}`))).toThrow(/no report end/);
  });

  it('takes a whole datagram over UDP, $ or not', () => {
    const datagram = text(FRI.replace(/\$$/, ''));
    expect(gl200UdpCodec.frameLength(datagram)).toBe(datagram.length);
    protocolTest(gl200UdpCodec).position(datagram, { latitude: -17.720434 });
    expect(() => gl200UdpCodec.frameLength(text('GET / HTTP/1.1'))).toThrow(ProtocolError);
  });
});

describe('gl200 identification and replies', () => {
  it('identifies the device by the IMEI of every report', () => {
    const { result } = identify(gl200Codec, text(FRI), '862894020180553');
    expect(result.reply).toBeUndefined();
  });

  it('answers the heartbeat with +SACK:GTHBD, the protocol version and the count number', () => {
    const device = protocolTest(gl200Codec, { anonymous: true });
    const [result] = device.decode(text(HEARTBEAT));
    expect(result).toMatchObject({ uniqueId: '135790246811220', positions: [] });
    expect(result.reply?.toString('latin1')).toBe('+SACK:GTHBD,1A0401,11F0$');
  });

  it('acknowledges every message with its count number when gl200.ack is set', () => {
    const device = protocolTest(gl200Codec);
    device.settings({ 'gl200.ack': true });
    expect(device.reply(text(FRI))?.toString('latin1')).toBe('+SACK:132B$');
    expect(device.reply(text(HEARTBEAT))?.toString('latin1')).toBe('+SACK:GTHBD,1A0401,11F0$+SACK:11F0$');
  });

  it('refuses malformed reports without crashing', () => {
    const device = protocolTest(gl200Codec);
    expect(() => device.decode(text(FRI.replace('20160309113548', '20161309113548')))).toThrow(ProtocolError);
    expect(() => device.decode(text('+RESP:GTERI,060228,862894020180553$'))).toThrow(ProtocolError);
    expect(() => device.decode(binary('2b4556540c00fc1fbf000d450101010856325403'))).toThrow(ProtocolError);
  });
});
