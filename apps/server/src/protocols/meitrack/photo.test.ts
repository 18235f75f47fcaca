import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { MAX_MEDIA_PARTS } from '../kit/media-parts.ts';
import { expectCompletedMedia, protocolTest, text } from '../testing/protocol-test.ts';
import { meitrackCodec } from './codec.ts';
import { deviceFrame, IMEI } from './test-frames.ts';

const FILE = '180224072614_C1E109.jpg';
/** A JPEG of ten 100-byte packets, with the frame's own separators (`,` `*` CR LF `$$`) among its bytes. */
const JPEG = Buffer.concat([Buffer.from('ffd8', 'hex'), Buffer.from(Array.from({ length: 996 }, (_, at) => (at * 11) % 256)), Buffer.from('ffd9', 'hex')]);

/** Packet `number` of the picture: `D00,<file>,<count>,<number>,<bytes>`. */
function packet(number: number, count = 10, file = FILE, picture = JPEG): Buffer {
  return deviceFrame('A', IMEI, Buffer.concat([text(`D00,${file},${count},${number},`), picture.subarray(number * 100, (number + 1) * 100)]));
}

const request = (reply: Buffer | undefined) => reply?.toString('latin1');

describe('Meitrack photos', () => {
  it('fetches the picture the photo command took from its first packet', () => {
    const device = protocolTest(meitrackCodec);
    expect(request(device.none(deviceFrame('D', IMEI, 'D03,OK')))).toBe(`@@O46,${IMEI},D00,camera_picture.jpg,0*28\r\n`);
  });

  it('gathers the packets, asks for each next batch of eight, and gives the picture with the last', () => {
    const device = protocolTest(meitrackCodec, { receivedAt: new Date('2024-05-01T10:00:00Z') });
    for (let number = 0; number < 7; number++) expect(device.none(packet(number))).toBeUndefined();
    expect(request(device.none(packet(7)))).toBe(`@@O51,${IMEI},D00,${FILE},8*7F\r\n`);
    expect(device.none(packet(8))).toBeUndefined();
    const [result] = device.decode(packet(9));
    expectCompletedMedia(result, { key: 'image', extension: 'jpg', data: JPEG }, new Date('2024-05-01T10:00:00Z'));
  });

  it('asks again from the first packet missing, at the end of a batch and at the last packet', () => {
    const device = protocolTest(meitrackCodec);
    for (const number of [0, 1, 2, 4, 5, 6]) device.none(packet(number));
    expect(request(device.none(packet(7)))).toBe(`@@O51,${IMEI},D00,${FILE},3*7A\r\n`);
    device.none(packet(8));
    expect(request(device.none(packet(9)))).toBe(`@@O51,${IMEI},D00,${FILE},3*7A\r\n`);
    const [result] = device.decode(packet(3));
    expect(result.media?.[0].data).toEqual(JPEG);
  });

  it('drops a picture left incomplete when another starts', () => {
    const device = protocolTest(meitrackCodec);
    device.none(packet(0, 10, 'old.jpg'));
    const small = JPEG.subarray(0, 200);
    device.none(packet(0, 2, 'new.jpg', small));
    const [result] = device.decode(packet(1, 2, 'new.jpg', small));
    expect(result.media?.[0].data).toEqual(small);
    expect(device.decode(packet(1, 10, 'old.jpg'))[0].media).toBeUndefined();
  });

  it('refuses a picture in more packets than it gathers, without asking for more, until another is taken', () => {
    const device = protocolTest(meitrackCodec);
    expect(device.none(packet(7, MAX_MEDIA_PARTS + 1))).toBeUndefined();
    expect(device.decode(packet(0, 1))[0].media).toBeUndefined();
    device.none(deviceFrame('D', IMEI, 'D03,OK'));
    expect(device.decode(packet(0, 1))[0].media).toHaveLength(1);
  });

  it('refuses a malformed packet', () => {
    const device = protocolTest(meitrackCodec);
    for (const data of ['D00,file.jpg,x,0,', 'D00,file.jpg,2,2,', 'D00,file.jpg,2', 'D00,,2,0,']) {
      expect(() => meitrackCodec.decode(deviceFrame('A', IMEI, data), device.state, new Date())).toThrow(ProtocolError);
    }
  });
});
