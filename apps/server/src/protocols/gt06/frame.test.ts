import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { byteByByte, splitChunks } from '../codec-properties.ts';
import { encodePacket, gt06FrameLength } from './frame.ts';
import { crc16X25 } from './crc.ts';
import { gpsBlock, gt06Frame, loginFrame } from './test-frames.ts';

/** Splits a stream the way the listener does: take frames while complete, keep the rest. */
function split(stream: Buffer): { frames: Buffer[]; rest: Buffer } {
  const frames: Buffer[] = [];
  let rest = stream;
  for (let length = gt06FrameLength(rest); length > 0; length = gt06FrameLength(rest)) {
    frames.push(rest.subarray(0, length));
    rest = rest.subarray(length);
  }
  return { frames, rest };
}

const login = loginFrame('864717003283581');
const heartbeat = gt06Frame(0x13, '0604040002');
const extended = gt06Frame(0x21, '0000000001' + Buffer.from('OK').toString('hex'), { extended: true });

describe('GT06 frame splitter', () => {
  it('finds the length of 78 78 and 79 79 frames', () => {
    expect(gt06FrameLength(login)).toBe(login.length);
    expect(gt06FrameLength(extended)).toBe(extended.length);
    expect(extended.subarray(0, 2).toString('hex')).toBe('7979');
  });

  it('waits for the rest of a partial frame', () => {
    for (let cut = 1; cut < login.length; cut++) expect(gt06FrameLength(login.subarray(0, cut))).toBe(0);
  });

  it('splits concatenated frames and keeps a trailing partial one', () => {
    const { frames, rest } = split(Buffer.concat([login, heartbeat, extended, heartbeat.subarray(0, 7)]));
    expect(frames).toEqual([login, heartbeat, extended]);
    expect(rest).toEqual(heartbeat.subarray(0, 7));
  });

  it('reassembles a stream delivered one byte at a time', () => {
    const stream = Buffer.concat([login, extended, heartbeat]);
    expect(splitChunks({ frameLength: gt06FrameLength }, byteByByte(stream))).toEqual([login, extended, heartbeat]);
  });

  it('ends a frame with a wrong length field at its CR LF, as Traccar does', () => {
    // Length 0 (some wifi reports) and length 0x08 for a 10-byte body.
    const zero = Buffer.from('787800691709261259400700cc0400d376714600d37a3d500d0a', 'hex');
    const short = Buffer.from('787808134606020002044dc5050d0a', 'hex');
    expect(split(Buffer.concat([zero, short, login])).frames).toEqual([zero, short, login]);
    // A length beyond the data, and a CRC that does not match either: the CR LF may be two bytes
    // of a frame still arriving, so it ends the frame only once the next frame begins.
    const long = Buffer.from('78780d0103563140414198583c0d0a', 'hex');
    expect(gt06FrameLength(long)).toBe(0);
    expect(split(Buffer.concat([long, login])).frames).toEqual([long, login]);
  });

  it('ends a frame with a length beyond the data at once when its CRC proves it complete', () => {
    const long = Buffer.from(login);
    long[2] += 3;
    long.writeUInt16BE(crc16X25(long.subarray(2, long.length - 4)), long.length - 4);
    expect(gt06FrameLength(long)).toBe(long.length);
  });

  it('does not end a frame at CR LF bytes inside it while the rest is still on its way', () => {
    // Day 13, hour 10: the GPS block holds 0D 0A.
    const location = gt06Frame(0x10, gpsBlock({ time: new Date('2024-05-13T10:00:00Z'), latitude: -23.5, longitude: -46.6 }));
    const inside = location.indexOf(Buffer.from('0d0a', 'hex'), 2);
    expect(inside).toBeLessThan(location.length - 2);
    expect(gt06FrameLength(location.subarray(0, inside + 2))).toBe(0);
    expect(gt06FrameLength(location)).toBe(location.length);
  });

  it.each([
    ['an ASCII line', Buffer.from('GET / HTTP/1.1\r\n')],
    ['a lone wrong byte', Buffer.from([0x00])],
    ['mixed headers', Buffer.from('7879050100010d0a', 'hex')],
  ])('throws ProtocolError on %s', (_, bytes) => {
    expect(() => gt06FrameLength(bytes)).toThrow(ProtocolError);
  });

  it('accepts nothing yet, or the first byte of a header on its own', () => {
    expect(gt06FrameLength(Buffer.alloc(0))).toBe(0);
    expect(gt06FrameLength(Buffer.from([0x78]))).toBe(0);
    expect(gt06FrameLength(Buffer.from([0x79]))).toBe(0);
  });
});

describe('GT06 packets to the device', () => {
  it('builds the login acknowledgement of the vector', () => {
    expect(encodePacket(0x01, Buffer.alloc(0), 0x0009).toString('hex')).toBe('78780501000955940d0a');
  });
});
