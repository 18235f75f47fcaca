import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES } from '../kit/media-parts.ts';
import { binary, expectCompletedMedia, protocolTest } from '../testing/protocol-test.ts';
import { gt06Codec } from './codec.ts';
import { encodePacket } from './frame.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

// Frames by their line in Traccar's Gt06ProtocolDecoderTest (vectors/traccar/gt06.json).
const gt06 = traccarFrames('gt06');

/** A JPEG of 2,500 bytes. */
const JPEG = Buffer.concat([binary('ffd8ffe0'), Buffer.from(Array.from({ length: 2494 }, (_, at) => (at * 13) % 256)), binary('ffd9')]);

/** 0x35: time, fix, coordinates, camera, source, format, then size and picture id. */
function photoInfo(size: number, id: number): Buffer {
  const tail = Buffer.alloc(8);
  tail.writeUInt32BE(size, 0);
  tail.writeUInt32BE(id, 4);
  return encodePacket(0x35, Buffer.concat([binary('11061a0b2433 05 03107d06 084889cb 01 00 01'), tail]), 0x333f);
}

/** `79 79` 0x36: picture id, offset, length, the bytes from the offset. */
function photoData(id: number, offset: number, length: number, photo = JPEG): Buffer {
  const head = Buffer.alloc(10);
  head.writeUInt32BE(id, 0);
  head.writeUInt32BE(offset, 4);
  head.writeUInt16BE(length, 8);
  return encodePacket(0x36, Buffer.concat([head, photo.subarray(offset, offset + length)]), 1, true);
}

/** The server's request: picture id, offset, length. */
function request(id: number, offset: number, length: number): Buffer {
  const body = Buffer.alloc(10);
  body.writeUInt32BE(id, 0);
  body.writeUInt32BE(offset, 4);
  body.writeUInt16BE(length, 8);
  return encodePacket(0x36, body, 0);
}

/** 0x41 (WD-209): serial number, time, location, cell, media id, size, type, format, event, packet number, bytes. */
function multimedia(mediaId: number, packet: number, data: Buffer, serial: number, type = 0): Buffer {
  const head = Buffer.alloc(8 + 4 + 14 + 8 + 4 + 4 + 2 + 1 + 2);
  head.writeUInt32BE(1714557600, 8); // 2024-05-01T10:00:00Z
  head.writeUInt32BE(mediaId, 34);
  head.writeUInt32BE(JPEG.length, 38);
  head[42] = type;
  head.writeUInt16BE(packet, 45);
  return encodePacket(0x41, Buffer.concat([head, data]), serial, true);
}

describe('GT06 photos', () => {
  it('answers a photo announcement (Traccar’s 0x35) with the request for its first kilobyte', () => {
    const device = protocolTest(gt06Codec);
    expect(device.none(gt06(417))).toEqual(binary('78780f3620e3acd3000000000400000002ba0d0a'));
  });

  it('asks for the photo kilobyte by kilobyte and gives it whole with the last', () => {
    const device = protocolTest(gt06Codec, { receivedAt: new Date('2024-05-01T10:00:00Z') });
    expect(device.none(photoInfo(JPEG.length, 7))).toEqual(request(7, 0, 1024));
    expect(device.none(photoData(7, 0, 1024))).toEqual(request(7, 1024, 1024));
    expect(device.none(photoData(7, 1024, 1024))).toEqual(request(7, 2048, 452));
    const [result] = device.decode(photoData(7, 2048, 452));
    expectCompletedMedia(result, { key: 'image', extension: 'jpg', data: JPEG }, new Date('2024-05-01T10:00:00Z'));
    // Done: more data of that picture is not asked for.
    expect(device.none(photoData(7, 0, 1024))).toBeUndefined();
  });

  it('asks again for data sent twice, and ignores data of a picture not announced', () => {
    const device = protocolTest(gt06Codec);
    device.none(photoInfo(JPEG.length, 7));
    device.none(photoData(7, 0, 1024));
    expect(device.none(photoData(7, 0, 1024))).toEqual(request(7, 1024, 1024));
    expect(device.decode(photoData(8, 1024, 1024))[0]).toEqual({});
  });

  it('does not ask for a photo bigger than the media store takes', () => {
    const device = protocolTest(gt06Codec);
    expect(device.none(photoInfo(MAX_MEDIA_BYTES + 1, 9))).toBeUndefined();
    expect(device.decode(photoData(9, 0, 1024))[0]).toEqual({});
  });

  it('refuses photo data longer than its message', () => {
    const frame = photoData(7, 0, 10);
    frame.writeUInt16BE(11, 5 + 8);
    expect(() => gt06Codec.decode(frame, protocolTest(gt06Codec).state, new Date())).toThrow(/longer than its message/);
  });
});

describe('GT06 multimedia (WD-209)', () => {
  it('acknowledges each packet and gives the photo, at the time it was taken, once all its bytes are there', () => {
    const device = protocolTest(gt06Codec);
    expect(device.none(multimedia(5, 0, JPEG.subarray(0, 1000), 0x10))).toEqual(encodePacket(0x41, Buffer.alloc(0), 0x10, true));
    expect(device.none(multimedia(5, 1, JPEG.subarray(1000, 2000), 0x11))).toEqual(encodePacket(0x41, Buffer.alloc(0), 0x11, true));
    const [result] = device.decode(multimedia(5, 2, JPEG.subarray(2000), 0x12));
    expect(result.reply).toEqual(encodePacket(0x41, Buffer.alloc(0), 0x12, true));
    expect(result.positions).toEqual([expect.objectContaining({ outdated: true, fixTime: new Date('2024-05-01T10:00:00Z') })]);
    expect(result.media?.[0]).toMatchObject({ key: 'image', extension: 'jpg', data: JPEG });
  });

  it('only acknowledges other media, and drops a photo left incomplete when another starts', () => {
    const device = protocolTest(gt06Codec);
    expect(device.decode(multimedia(6, 0, JPEG.subarray(0, 10), 1, 1))[0]).toEqual({ reply: encodePacket(0x41, Buffer.alloc(0), 1, true) });
    device.none(multimedia(5, 0, JPEG.subarray(0, 1000), 2));
    device.none(multimedia(6, 0, JPEG.subarray(0, 1000), 3));
    expect(device.decode(multimedia(5, 1, JPEG.subarray(1000), 4))[0].media).toBeUndefined();
  });
});
