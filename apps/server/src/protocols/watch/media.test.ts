import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { MAX_MEDIA_PARTS } from '../kit/media-parts.ts';
import { binary, expectCompletedMedia, protocolTest, text } from '../testing/protocol-test.ts';
import { watchCodec } from './codec.ts';
import { unescape } from './frame.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

const RECEIVED = new Date('2024-05-01T10:00:00Z');

/** Traccar's JXTK test frame: a voice message of watch 789468050042692 in six parts, one message each. */
function traccarVoiceMessage(): Buffer {
  return traccarFrames('watch')(45);
}

/** A JXTK part: `[ZJ*<id>*<serial>*<length>*JXTK,0,<file>,<part>,<parts>,<escaped amr>]`. */
function voicePart(file: string, part: number, parts: number, escapedAmr: Buffer): Buffer {
  const content = Buffer.concat([text(`JXTK,0,${file},${part},${parts},`), escapedAmr]);
  return Buffer.concat([text(`[ZJ*789468050042692*0034*${content.length.toString(16).padStart(4, '0')}*`), content, text(']')]);
}

describe('watch voice messages and photos', () => {
  it('gathers a JXTK voice message from its parts, acknowledging each, into one AMR file', () => {
    const device = protocolTest(watchCodec, { receivedAt: RECEIVED });
    const results = device.decode(traccarVoiceMessage());
    expect(results).toHaveLength(6);
    for (const result of results) expect(result.reply?.toString('latin1')).toMatch(/^\[ZJ\*789468050042692\*\d{4}\*0007\*JXTKR,1\]$/);
    expect(results.slice(0, 5).flatMap((result) => result.positions ?? [])).toEqual([]);
    const [position] = results[5].positions ?? [];
    expect(position).toMatchObject({ outdated: true, fixTime: RECEIVED });
    const audio = results[5].media?.[0];
    expect(audio).toMatchObject({ position, key: 'audio', extension: 'amr' });
    expect(audio?.data.subarray(0, 6).toString('latin1')).toBe('#!AMR\n');
    // The parts' bytes after their fifth comma (the type's and four fields'), escapes undone, in order.
    const expected = Buffer.concat(
      traccarVoiceMessage()
        .toString('latin1')
        .slice(1, -1)
        .split('][')
        .map((frame) => unescape(Buffer.from(frame, 'latin1')))
        .map((frame) => frame.subarray(nthComma(frame, 5) + 1)),
    );
    expect(audio?.data).toEqual(expected);
  });

  it('takes the parts in any order, and drops a message left incomplete when another starts', () => {
    const device = protocolTest(watchCodec);
    device.decode(voicePart('old', 1, 3, text('#!AMR')));
    expect(device.decode(voicePart('new', 2, 2, binary('7d01 02')))[0].media).toBeUndefined();
    const [done] = device.decode(voicePart('new', 1, 2, binary('7d05 01')));
    expect(done.media?.[0].data).toEqual(binary('2a01 7d02'));
    expect(device.decode(voicePart('old', 2, 3, text('x')))[0].media).toBeUndefined();
  });

  it('acknowledges the parts of a voice message too long to keep, without keeping them', () => {
    const device = protocolTest(watchCodec);
    const [result] = device.decode(voicePart('long', 1, MAX_MEDIA_PARTS + 1, text('#!AMR')));
    expect(result.reply?.toString('latin1')).toContain('JXTKR,1');
    expect(result.media).toBeUndefined();
  });

  it('keeps a TK voice message whole, escapes undone, and ignores the one-byte answer', () => {
    const device = protocolTest(watchCodec, { receivedAt: RECEIVED });
    const [result] = device.decode(Buffer.concat([text('[CS*1234567890*000e*TK,#!AMR'), binary('7d017d027d037d047d05ff'), text(']')]));
    expectCompletedMedia(result, { key: 'audio', extension: 'amr', data: Buffer.concat([text('#!AMR'), binary('7d5b5d2c2aff')]) });
    expect(device.decode(text('[3G*1234567890*0004*TK2,1]'))[0].media).toBeUndefined();
  });

  it('keeps an img photo: the bytes after its time', () => {
    const device = protocolTest(watchCodec);
    const [result] = device.decode(Buffer.concat([text('[3G*1234567890*0020*img,1,240501100000,'), binary('ffd8 7d04 ffd9'), text(']')]));
    expect(result.media?.[0]).toMatchObject({ key: 'image', extension: 'jpg', data: binary('ffd8 2c ffd9') });
    expect(() => watchCodec.decode(text('[3G*1234567890*0008*img,1,24]'), device.state, RECEIVED)).toThrow(ProtocolError);
    expect(() => watchCodec.decode(text('[3G*1234567890*0008*JXTK,0,f,2,1,x]'), device.state, RECEIVED)).toThrow(ProtocolError);
  });
});

function nthComma(frame: Buffer, count: number): number {
  let at = -1;
  for (let n = 0; n < count; n++) at = frame.indexOf(0x2c, at + 1);
  return at;
}
