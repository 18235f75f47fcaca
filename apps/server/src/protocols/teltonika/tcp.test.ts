import { describe, expect, it } from 'vitest';
import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import { CODEC_8 } from './io-groups.ts';
import { CODEC_12, CODEC_13 } from './messages.ts';
import { teltonikaCodec } from './tcp.ts';
import { avlData, gpsRecord, imeiFrame, messageRecord, tcpPacket } from './test-frames.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');

function newState(): ConnectionState {
  return { device: null, data: {} };
}

/** Splits a byte stream into frames the way the listener does, and decodes each. */
function decodeStream(stream: Buffer, state = newState()): DecodeResult[] {
  const results: DecodeResult[] = [];
  let rest = stream;
  for (let length = teltonikaCodec.frameLength(rest); length > 0; length = teltonikaCodec.frameLength(rest)) {
    results.push(teltonikaCodec.decode(rest.subarray(0, length), state, RECEIVED));
    rest = rest.subarray(length);
  }
  expect(rest.length).toBe(0);
  return results;
}

function decodeOne(frame: Buffer): DecodeResult {
  expect(teltonikaCodec.frameLength(frame)).toBe(frame.length);
  return teltonikaCodec.decode(frame, newState(), RECEIVED);
}

const fix = { time: new Date('2024-05-01T10:00:00.000Z'), latitude: -23.5614, longitude: -46.6559, satellites: 9 };

describe('Teltonika TCP: framing', () => {
  const imei = imeiFrame('356307042441013');
  const packet = tcpPacket(avlData(CODEC_8, [gpsRecord(CODEC_8, fix)]));

  it('waits for every missing byte of a split frame', () => {
    for (const frame of [imei, packet]) {
      for (let cut = 0; cut < frame.length; cut += 1) expect(teltonikaCodec.frameLength(frame.subarray(0, cut))).toBe(0);
      expect(teltonikaCodec.frameLength(frame)).toBe(frame.length);
    }
  });

  it('separates concatenated frames: keep-alive, IMEI, two packets', () => {
    const results = decodeStream(Buffer.concat([Buffer.from([0xff]), imei, packet, Buffer.from([0xff]), packet]));
    expect(results.map((result) => result.reply?.toString('hex'))).toEqual([undefined, '01', '00000001', undefined, '00000001']);
    expect(results[1].uniqueId).toBe('356307042441013');
  });

  it.each([
    ['an HTTP request', Buffer.from('GET / HTTP/1.1\r\n\r\n')],
    ['a TLS handshake', Buffer.from('160301', 'hex')],
    ['a preamble that is not zero', Buffer.from('0000000100000010', 'hex')],
    ['an AVL length too short for any data', Buffer.from('0000000000000001', 'hex')],
  ])('rejects %s', (_name, bytes) => {
    expect(() => teltonikaCodec.frameLength(bytes)).toThrow(ProtocolError);
  });

  it('rejects an IMEI that is not printable text', () => {
    expect(() => decodeOne(Buffer.from('000331000a', 'hex'))).toThrow(ProtocolError);
  });

  it('says a packet whose CRC does not match is broken (the listener then skips it unacknowledged)', () => {
    const data = avlData(CODEC_8, [gpsRecord(CODEC_8, fix)]);
    expect(teltonikaCodec.checksumValid!(tcpPacket(data))).toBe(true);
    expect(teltonikaCodec.checksumValid!(tcpPacket(data, 0x1234))).toBe(false);
    const flipped = Buffer.from(packet);
    flipped[20] ^= 0x01;
    expect(teltonikaCodec.checksumValid!(flipped)).toBe(false);
    // The IMEI and the keep-alive carry no checksum.
    expect(teltonikaCodec.checksumValid!(Buffer.from('000f333536333037303432343431303133', 'hex'))).toBe(true);
    expect(teltonikaCodec.checksumValid!(Buffer.from([0xff]))).toBe(true);
  });

  it.each([
    ['record counts that disagree', avlData(CODEC_8, [gpsRecord(CODEC_8, fix)], 2)],
    ['bytes after the records', Buffer.concat([avlData(CODEC_8, [gpsRecord(CODEC_8, fix)]), Buffer.from([0])])],
  ])('reads the records of a packet with %s, as Traccar does', (_name, data) => {
    const result = decodeOne(tcpPacket(data));
    expect(result.positions).toHaveLength(1);
    expect(result.reply?.toString('hex')).toBe('00000001');
  });

  it('reads as far as the records go when the declared length is wrong (Traccar test: "invalid length and checksum")', () => {
    // Line 102 of Traccar's TeltonikaProtocolDecoderTest (vectors/traccar/teltonika.json).
    const frame = traccarFrames('teltonika')(102);
    const [position] = teltonikaCodec.decode(frame, newState(), RECEIVED).positions ?? [];
    expect(position.fixTime.toISOString()).toBe('2007-07-25T06:46:38.335Z');
    expect(position).toMatchObject({ latitude: 25.3032016, longitude: 54.7146368, altitude: 111, course: 214 });
  });

  it('skips junk to the next IMEI or AVL packet', () => {
    const junk = Buffer.from('GET / HTTP/1.1\r\n\r\n');
    expect(teltonikaCodec.frameStart!(Buffer.concat([junk, imei]), 1)).toBe(junk.length);
    expect(teltonikaCodec.frameStart!(Buffer.concat([junk, packet]), 1)).toBe(junk.length);
    // A zero that starts neither an IMEI length nor the preamble is junk too.
    expect(teltonikaCodec.frameStart!(Buffer.from('4100ff00000000', 'hex'), 1)).toBe(3);
    // A preamble cut by the end of the buffer may still be one.
    expect(teltonikaCodec.frameStart!(Buffer.from('41420000', 'hex'), 1)).toBe(2);
    expect(teltonikaCodec.frameStart!(junk, 1)).toBe(-1);
  });

  it.each([
    ['a record cut short', Buffer.concat([Buffer.from([CODEC_8, 1]), gpsRecord(CODEC_8, fix).subarray(0, 20)]), /truncated/],
    ['an unknown codec', Buffer.from('2a0000', 'hex'), /unsupported codec 0x2a/],
  ])('rejects %s', (_name, data, error) => {
    expect(() => decodeOne(tcpPacket(data))).toThrow(error);
  });
});

describe('Teltonika TCP: codec 12 and 13 messages', () => {
  it('decodes a command reply as an outdated position with type and result, without acknowledging it', () => {
    const reply = tcpPacket(avlData(CODEC_12, [messageRecord(0x06, Buffer.from('DOUT1:1 Timeout:INFINITY DOUT2:0\r\n'))]));
    const result = decodeOne(reply);
    expect(result.reply).toBeUndefined();
    expect(result.positions).toHaveLength(1);
    const [position] = result.positions ?? [];
    expect(position).toMatchObject({ protocol: 'teltonika', outdated: true, valid: false, latitude: 0, longitude: 0 });
    expect(position.deviceTime).toEqual(RECEIVED);
    expect(position.attributes).toEqual({ type: 6, result: 'DOUT1:1 Timeout:INFINITY DOUT2:0' });
  });

  it('keeps a binary reply as hex', () => {
    const reply = tcpPacket(avlData(CODEC_12, [messageRecord(0x06, Buffer.from('010300010015d5c5', 'hex'))]));
    expect(decodeOne(reply).positions?.[0].attributes).toEqual({ type: 6, result: '010300010015d5c5' });
  });

  it('reads the loads an axle scale relays over the serial port', () => {
    const text = 'UUUUww1.5;2;3;4;5;6;7;8;9.25;10;11;12;SSS';
    const [position] = decodeOne(tcpPacket(avlData(CODEC_12, [messageRecord(0x06, Buffer.from(text))]))).positions ?? [];
    expect(position.attributes).toEqual({
      type: 6,
      ...{ axle1: 1.5, axle2: 2, axle3: 3, axle4: 4, axle5: 5, axle6: 6, axle7: 7, axle8: 8 },
      ...{ loadTruck: 9.25, loadTrailer: 10, totalTruck: 11, totalTrailer: 12 },
    });
    expect(() => decodeOne(tcpPacket(avlData(CODEC_12, [messageRecord(0x06, Buffer.from('UUUUww1;2;SSS'))])))).toThrow(ProtocolError);
  });

  it('yields nothing for a camera message', () => {
    const camera = tcpPacket(avlData(CODEC_12, [messageRecord(0x0d, Buffer.from('0100010000', 'hex'))]));
    expect(decodeOne(camera)).toEqual({ positions: [], reply: undefined });
  });

  it('reads codec 13 with its timestamp, and a GTSL line as the driver', () => {
    const stamped = (text: string) => Buffer.concat([Buffer.from('5c2b3ad1', 'hex'), Buffer.from(text)]);
    const packet = tcpPacket(
      avlData(CODEC_13, [messageRecord(0x06, stamped('GTSL|6|1|0|12749884|1|\r\n')), messageRecord(0x06, stamped('hello'))]),
    );
    const result = decodeOne(packet);
    expect(result.reply).toBeUndefined();
    const [driver, text] = result.positions ?? [];
    expect(driver.deviceTime.toISOString()).toBe('2019-01-01T10:02:57.000Z');
    expect(driver.outdated).toBe(true);
    expect(driver.attributes).toEqual({ driverUniqueId: '12749884' });
    expect(text.attributes).toEqual({ result: 'hello' });
  });
});

describe('Teltonika commands', () => {
  const state = newState();

  it.each([
    // Expected bytes from Traccar's TeltonikaProtocolEncoderTest.
    ['setdigout 11', '00000000000000140c01050000000c7365746469676f7574203131010000bed5'],
    ['03030000000185E8', '00000000000000100c01050000000803030000000185e8010000da8b'],
  ])('encodes custom %s as a codec 12 command', (data, hex) => {
    expect(teltonikaCodec.encodeCommand({ type: 'custom', attributes: { data } }, state).toString('hex')).toBe(hex);
  });

  it('switches output 1 for engine stop and resume', () => {
    const stop = teltonikaCodec.encodeCommand({ type: 'engineStop', attributes: {} }, state);
    const resume = teltonikaCodec.encodeCommand({ type: 'engineResume', attributes: {} }, state);
    // A command packet is a valid codec 12 frame: our own decoder reads it back.
    expect(decodeOne(stop).positions?.[0].attributes).toEqual({ type: 5, result: 'setdigout 1' });
    expect(decodeOne(resume).positions?.[0].attributes).toEqual({ type: 5, result: 'setdigout 0' });
  });

  it('lists its command types and refuses others', () => {
    expect(teltonikaCodec.commandTypes).toEqual(['custom', 'engineStop', 'engineResume']);
    expect(() => teltonikaCodec.encodeCommand({ type: 'rebootDevice', attributes: {} }, state)).toThrow(ProtocolError);
    expect(() => teltonikaCodec.encodeCommand({ type: 'custom', attributes: {} }, state)).toThrow(ProtocolError);
  });
});
