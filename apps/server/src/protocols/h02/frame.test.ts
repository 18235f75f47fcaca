import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { h02DatagramLength, h02FrameLength } from './frame.ts';

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
const heartbeat = '*HQ,135790246811220,HTBT,100#';
const short = Buffer.from('2441060116601245431311165035313006004318210e000000fffffbffff0024', 'hex');
const imei = Buffer.from('2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC', 'hex');
const long = Buffer.from('24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f', 'hex');
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

  it('tells the binary sizes apart by where the next frame starts', () => {
    expect(split(Buffer.concat([short, long, Buffer.from(v1), imei, short])).frames).toEqual(
      [short, long, Buffer.from(v1), imei, short].map((frame) => frame.toString('latin1')),
    );
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
    const frames: string[] = [];
    let pending: Buffer = Buffer.alloc(0);
    for (const byte of stream) {
      pending = Buffer.concat([pending, Buffer.from([byte])]);
      const result = split(pending);
      frames.push(...result.frames);
      pending = result.rest;
    }
    expect(frames).toEqual([v1, `\r\n${short.toString('latin1')}`, heartbeat]);
  });

  it('takes a longer report cut right after 32 bytes for a short one: nothing in the bytes tells them apart', () => {
    expect(h02FrameLength(long.subarray(0, 32))).toBe(32);
    expect(() => h02FrameLength(long.subarray(32))).toThrow(ProtocolError);
  });

  it.each([
    ['text without a marker', Buffer.from('HQ,1,V1#')],
    ['a GT06 frame', Buffer.from('78780d01086471700328358100093f040d0a', 'hex')],
    ['a binary report of no known size', Buffer.concat([long, Buffer.from('0102', 'hex'), long])],
  ])('throws ProtocolError on %s', (_, bytes) => {
    expect(() => split(bytes)).toThrow(ProtocolError);
  });
});

describe('H02 datagrams', () => {
  it('are one message each, whatever their size', () => {
    const odd = Buffer.from('24971305007205201916101533335008000073206976000000effffbffff000252776566060000000000000000000049', 'hex');
    expect(h02DatagramLength(odd)).toBe(odd.length);
    expect(h02DatagramLength(Buffer.from(`${v1}\r\n`))).toBe(v1.length + 2);
  });

  it('must start like a message', () => {
    expect(() => h02DatagramLength(Buffer.from('hello'))).toThrow(ProtocolError);
  });
});
