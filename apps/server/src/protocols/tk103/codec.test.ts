import { describe, expect, it } from 'vitest';
import { byteByByte, splitChunks, splitWhole } from '../codec-properties.ts';
import { locateFrame } from '../kit/locate.ts';
import { protocolTest, text } from '../testing/protocol-test.ts';
import { tk103Codec, tk103UdpCodec } from './codec.ts';

const POSITION = '(864755555555555,DW3B,131117,A,5562.02870N,01348.08194E,1.597,223707,291.65,-0.10,4)';
const BATTERY = '(864755555555555,ZC20,131117,223706,6,394,65535,255)';
/** Free text between `$` signs may hold `)`: Traccar's frame decoder test. */
const RESULT = '(86475555555,ZC03,191117,234421,$)Notice:\r\nDevices serial number: \r\n58055555555).\r\nSoftware version:\r\nV2.000,2016/08/23 11:17)$)';

const strings = (frames: Buffer[]) => frames.map((frame) => frame.toString('latin1'));

describe('TK103 framing', () => {
  it('splits concatenated frames at their closing parenthesis', () => {
    expect(strings(splitWhole(tk103Codec, Buffer.from(POSITION + BATTERY)))).toEqual([POSITION, BATTERY]);
  });

  it('a ) inside $...$ free text does not end the frame', () => {
    expect(strings(splitWhole(tk103Codec, Buffer.from(RESULT + BATTERY)))).toEqual([RESULT, BATTERY]);
    // Only one `$`: the text is still open, more bytes are needed.
    expect(tk103Codec.frameLength(Buffer.from(RESULT.replace(')$)', '))') + BATTERY))).toBe(0);
  });

  it('waits for the end of a frame split across reads', () => {
    const stream = Buffer.from(POSITION + RESULT + BATTERY);
    expect(strings(splitChunks(tk103Codec, byteByByte(stream)))).toEqual([POSITION, RESULT, BATTERY]);
  });

  it('skips junk up to the next (', () => {
    const junk = 'garbage%@#*^$-+<>?$)))$$--';
    expect(locateFrame(tk103Codec, Buffer.from(junk + POSITION))).toEqual({ skipped: junk.length, length: POSITION.length });
    // 1 KiB without an end: given up, up to the next frame start.
    const unended = `(${'A'.repeat(1100)}`;
    expect(locateFrame(tk103Codec, Buffer.from(unended + POSITION.slice(0, 20)))).toEqual({ skipped: unended.length, length: 0 });
  });

  it('over UDP a datagram is one message', () => {
    const device = protocolTest(tk103UdpCodec);
    expect(tk103UdpCodec.frameLength(Buffer.from(BATTERY))).toBe(BATTERY.length);
    device.position(text(BATTERY), { attributes: { batteryLevel: 100, battery: 3.94 } });
  });

  it('identifies the device by the id every message carries', () => {
    const device = protocolTest(tk103Codec, { anonymous: true });
    device.position(text(POSITION));
    expect(device.state.device?.uniqueId).toBe('864755555555555');
  });
});
