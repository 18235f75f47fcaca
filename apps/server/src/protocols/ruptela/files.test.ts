import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { MAX_MEDIA_PARTS } from '../kit/media-parts.ts';
import { expectCompletedMedia, protocolTest } from '../testing/protocol-test.ts';
import { ruptelaCodec } from './codec.ts';
import { serverMessage } from './frame.ts';
import { deviceFrame, IMEI } from './test-frames.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

const NAME = '3544444131464144'; // 5DDA1FAD
/** A JPEG in three parts of 400 bytes. */
const JPEG = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from(Array.from({ length: 1192 }, (_, at) => (at * 29) % 256)), Buffer.from('ffd9', 'hex')]);

/** File data: subtype 2, source 0, name, part count, part number, bytes. */
function part(number: number, count = 3, name = NAME): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(count, 0);
  head.writeUInt16BE(number, 2);
  return deviceFrame(IMEI, 37, `0200${name}${head.toString('hex')}${JPEG.subarray(number * 400, (number + 1) * 400).toString('hex')}`);
}

/** The server's request for part `number`: subtype 2, source 0, name, number. */
const request = (number: number, name = NAME) => serverMessage(37, Buffer.from(`0200${name}${number.toString(16).padStart(4, '0')}`, 'hex'));

describe('Ruptela pictures', () => {
  it('answers the first part of Traccar’s test picture (10 parts) with the request for the second', () => {
    expect(protocolTest(ruptelaCodec).none(traccarFrames('ruptela')(27))).toEqual(serverMessage(37, Buffer.from(`0200${NAME}0001`, 'hex')));
  });

  it('asks for each next part and gives the picture with the last', () => {
    const device = protocolTest(ruptelaCodec, { receivedAt: new Date('2024-05-01T10:00:00Z') });
    expect(device.none(part(0))).toEqual(request(1));
    expect(device.none(part(1))).toEqual(request(2));
    const [result] = device.decode(part(2));
    expectCompletedMedia(result, { key: 'image', extension: 'jpg', data: JPEG }, new Date('2024-05-01T10:00:00Z'));
  });

  it('asks again for a part that did not come', () => {
    const device = protocolTest(ruptelaCodec);
    device.none(part(0));
    expect(device.none(part(2))).toEqual(request(1));
    expect(device.decode(part(1))[0].media?.[0].data).toEqual(JPEG);
  });

  it('refuses a picture in more parts than it gathers, without asking for more', () => {
    const device = protocolTest(ruptelaCodec);
    expect(device.none(part(0, MAX_MEDIA_PARTS + 1))).toBeUndefined();
    expect(() => ruptelaCodec.decode(part(3), device.state, new Date())).toThrow(ProtocolError);
  });

  it('answers nothing to the other file messages', () => {
    expect(protocolTest(ruptelaCodec).none(deviceFrame(IMEI, 37, '0100'))).toBeUndefined();
  });
});
