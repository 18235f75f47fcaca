import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { byteByByte, splitChunks } from '../codec-properties.ts';
import { h02DatagramLength, h02FrameLength, h02FrameStart } from './frame.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

// Frames by their line in Traccar's H02ProtocolDecoderTest (vectors/traccar/h02.json).
const h02 = traccarFrames('h02');

/** Splits a stream the way the TCP listener does: take frames while complete, keep the rest. */
function split(stream: Buffer): { frames: string[]; rest: Buffer } {
  const frames: string[] = [];
  let rest = stream;
  for (let length = h02FrameLength(rest); length > 0; length = h02FrameLength(rest)) {
    frames.push(rest.subarray(0, length).toString('latin1'));
    rest = rest.subarray(length);
  }
  return { frames, rest };
}

const v1 = '*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#';
const heartbeat = h02(27).toString('latin1');
/** Binary reports of 32, 42 (with an IMEI) and 45 bytes. */
const short = h02(247);
const imei = h02(49);
const long = h02(250);
const other = Buffer.from('5800009814991024031101175540227006012321670c000095fffffbffff0033', 'hex');

describe('H02 frame splitter', () => {
  it('ends a text frame at its #, and waits for the #', () => {
    expect(h02FrameLength(Buffer.from(v1))).toBe(v1.length);
    expect(h02FrameLength(Buffer.from(v1.slice(0, -1)))).toBe(0);
    expect(h02FrameLength(Buffer.alloc(0))).toBe(0);
  });

  it('keeps the line breaks after a text frame with the next one', () => {
    const { frames, rest } = split(Buffer.from(`${v1}\r\n${heartbeat}\r\n`));
    expect(frames).toEqual([v1, `\r\n${heartbeat}`]);
    expect(rest.toString()).toBe('\r\n');
  });

  it('tells the binary sizes apart by where the next frame of the device starts', () => {
    const sameDevice = Buffer.from(long);
    short.copy(sameDevice, 1, 1, 6);
    expect(split(Buffer.concat([short, sameDevice, Buffer.from(v1), short])).frames).toEqual(
      [short, sameDevice, Buffer.from(v1), short].map((frame) => frame.toString('latin1')),
    );
    expect(split(Buffer.concat([imei, imei, Buffer.from(heartbeat)])).frames).toEqual([imei, imei, Buffer.from(heartbeat)].map((frame) => frame.toString('latin1')));
  });

  it('frames reports of other sizes (Traccar test, 46 and 48 bytes) once the next frame shows where they end', () => {
    const of46 = h02(103);
    const of48 = h02(272).subarray(0, 48);
    expect(h02FrameLength(of46)).toBe(0);
    expect(split(Buffer.concat([of46, of46, Buffer.from(v1)])).frames).toEqual([of46, of46, Buffer.from(v1)].map((frame) => frame.toString('latin1')));
    expect(split(Buffer.concat([of48, Buffer.from(heartbeat)])).frames).toEqual([of48, Buffer.from(heartbeat)].map((frame) => frame.toString('latin1')));
  });

  it('waits while the bytes after a report could be the start of the next', () => {
    expect(h02FrameLength(Buffer.concat([long, long.subarray(0, 3)]))).toBe(0);
    expect(h02FrameLength(Buffer.concat([long, Buffer.from('*H')]))).toBe(0);
  });

  it('takes a binary frame that is all the data there is', () => {
    expect(h02FrameLength(short)).toBe(32);
    expect(h02FrameLength(imei)).toBe(42);
    expect(h02FrameLength(long)).toBe(45);
  });

  it('waits while a binary frame could still be a longer one', () => {
    expect(h02FrameLength(long.subarray(0, 31))).toBe(0);
    expect(h02FrameLength(long.subarray(0, 40))).toBe(0);
  });

  it('frames 32-byte X reports', () => {
    expect(split(Buffer.concat([other, Buffer.from(heartbeat)])).frames).toEqual([other.toString('latin1'), heartbeat]);
    expect(h02FrameLength(other.subarray(0, 20))).toBe(0);
  });

  it('reassembles a stream delivered one byte at a time', () => {
    const stream = Buffer.concat([Buffer.from(`${v1}\r\n`), short, Buffer.from(heartbeat)]);
    const frames = splitChunks({ frameLength: h02FrameLength }, byteByByte(stream)).map((frame) => frame.toString('latin1'));
    expect(frames).toEqual([v1, `\r\n${short.toString('latin1')}`, heartbeat]);
  });

  it('takes a longer report cut right after 32 bytes for a short one: nothing in the bytes tells them apart', () => {
    expect(h02FrameLength(long.subarray(0, 32))).toBe(32);
    expect(() => h02FrameLength(long.subarray(32))).toThrow(ProtocolError);
  });

  it.each([
    ['text without a marker', Buffer.from('HQ,1,V1#')],
    ['a GT06 frame', Buffer.from('78780d01086471700328358100093f040d0a', 'hex')],
    ['a binary report without an end in sight', Buffer.concat([long, Buffer.alloc(20)])],
    ['a binary report whose id is not BCD', Buffer.from('24a1b2c3d4e5', 'hex')],
  ])('throws ProtocolError on %s', (_, bytes) => {
    expect(() => split(bytes)).toThrow(ProtocolError);
  });
});

describe('H02 junk skipping', () => {
  it('finds the next `*` and two letters, or `$` and BCD digits', () => {
    expect(h02FrameStart(Buffer.from(`GET / *,*HQ,1#`), 1)).toBe(8);
    expect(h02FrameStart(Buffer.concat([Buffer.from('a$\xff', 'latin1'), short]), 1)).toBe(3);
    // A start cut by the end of the data may still be one.
    expect(h02FrameStart(Buffer.from('ab*'), 1)).toBe(2);
    expect(h02FrameStart(Buffer.from('hello'), 1)).toBe(-1);
  });
});

describe('H02 datagrams', () => {
  it('are one message each, whatever their size', () => {
    const odd = h02(272);
    expect(h02DatagramLength(odd)).toBe(odd.length);
    expect(h02DatagramLength(Buffer.from(`${v1}\r\n`))).toBe(v1.length + 2);
  });

  it('must start like a message', () => {
    expect(() => h02DatagramLength(Buffer.from('hello'))).toThrow(ProtocolError);
  });
});
