import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES } from '../kit/media-parts.ts';
import type { ConnectionState } from '../codec.ts';
import { binary, protocolTest } from '../testing/protocol-test.ts';
import { jt808Codec } from './codec.ts';
import { DELIMITER, enclose, xor } from './frame.ts';
import { gathered, gatherPart, joinParts, MAX_MEDIA_PARTS } from '../kit/media-parts.ts';
import { parseMessage } from './message.ts';

const RECEIVED = new Date('2024-01-02T03:04:05.000Z');
const TERMINAL = '013912345678';
/** SOS alarm, ignition on and fixed; 22.64483 N 114.02938 E, 16 m, 10 km/h, 90°, 2024-01-02 03:04:05 (UTC+8). */
const LOCATION = '00000001000000030159885e06cbf34400100064005a240102030405';
/** A JPEG whose bytes include the delimiter and the escape, 2,600 bytes. */
const JPEG = Buffer.concat([binary('ffd8ffe0'), Buffer.from(Array.from({ length: 2592 }, (_, at) => (at * 37) % 256)), binary('ffd9')]);

/** The 0x0801 body: id, type, format, event 1, channel 2, the location, the content. */
function mediaBody(mediaId: number, type: number, format: number, content: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(mediaId, 0);
  head.set([type, format, 1, 2], 4);
  return Buffer.concat([head, binary(LOCATION), content]);
}

/** A terminal message with the given serial, split-package header when `packet` is given. */
function message(type: number, body: Buffer, serial: number, packet?: { total: number; number: number }): Buffer {
  const head = Buffer.alloc(packet ? 16 : 12);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(body.length | (packet ? 0x2000 : 0), 2);
  binary(TERMINAL).copy(head, 4);
  head.writeUInt16BE(serial, 10);
  if (packet) {
    head.writeUInt16BE(packet.total, 12);
    head.writeUInt16BE(packet.number, 14);
  }
  const bytes = Buffer.concat([head, body]);
  return enclose(Buffer.concat([bytes, Buffer.from([xor(bytes)])]), DELIMITER);
}

/** The item split as a terminal sends it: packages of at most 1,000 body bytes, serials from 0x20. */
function packages(body: Buffer): Buffer[] {
  const total = Math.ceil(body.length / 1000);
  return Array.from({ length: total }, (_, at) => message(0x0801, body.subarray(at * 1000, (at + 1) * 1000), 0x20 + at, { total, number: at + 1 }));
}

/** The type and body of an answer, in hex. */
function answer(reply: Buffer | undefined): string {
  if (!reply) return 'none';
  const { type, body } = parseMessage(reply);
  return `${type.toString(16)}:${body.toString('hex')}`;
}

describe('JT808 multimedia', () => {
  it('gathers a photo sent in packages over several frames and answers each, the last with 0x8800', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    const parts = packages(mediaBody(9, 0, 0, JPEG));
    expect(parts).toHaveLength(3);
    const [first, second] = device.decode(Buffer.concat(parts.slice(0, 2)));
    expect(first.positions ?? []).toEqual([]);
    expect(answer(first.reply)).toBe('8001:0020080100');
    expect(answer(second.reply)).toBe('8001:0021080100');
    const [last] = device.decode(parts[2]);
    expect(answer(last.reply)).toBe('8800:00000009');
    expect(last.positions).toHaveLength(1);
    expect(last.positions?.[0]).toMatchObject({
      valid: true,
      latitude: 22.64483,
      longitude: 114.02938,
      fixTime: new Date('2024-01-01T19:04:05.000Z'),
      attributes: { alarm: 'sos', mediaId: 9, mediaType: 'image', mediaFormat: 'jpeg', mediaEvent: 1, mediaChannel: 2 },
    });
    expect(last.media).toEqual([{ position: last.positions?.[0], key: 'image', extension: 'jpg', data: JPEG }]);
    // The item is forgotten once complete: its last package again starts nothing.
    expect(device.decode(parts[2])[0].media).toBeUndefined();
  });

  it('asks for the missing packages after the last one, and completes the item with them', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    const parts = packages(mediaBody(0x0a0b0c0d, 0, 0, Buffer.concat([JPEG, JPEG])));
    expect(parts).toHaveLength(6);
    for (const number of [1, 4, 5]) expect(answer(device.none(parts[number - 1]))).toMatch(/^8001:/);
    expect(answer(device.none(parts[5]))).toBe('8800:0a0b0c0d' + '02' + '0002' + '0003');
    // Sent again in order: the general response while one is still to come, then the whole item.
    expect(answer(device.none(parts[1]))).toMatch(/^8001:/);
    const [done] = device.decode(parts[2]);
    expect(answer(done.reply)).toBe('8800:0a0b0c0d');
    expect(done.media?.[0].data).toEqual(Buffer.concat([JPEG, JPEG]));
  });

  it('names the item of lost first packages by the multimedia event that announced it', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    // 0x0800: id 7, image, JPEG, event 1, channel 2 (acknowledged as before: Traccar's frame).
    expect(device.none(binary('7e0800000801391234567800040000000700000102307e'))).toEqual(binary('7e8001000501391234567800000004080000b87e'));
    const parts = packages(mediaBody(7, 0, 0, JPEG));
    device.none(parts[1]);
    expect(answer(device.none(parts[2]))).toBe('8800:00000007010001');
    expect(device.decode(parts[0])[0].media?.[0].data).toEqual(JPEG);
  });

  it('drops what was gathered of an item when another starts', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    const old = packages(mediaBody(1, 0, 0, JPEG));
    device.decode(Buffer.concat(old.slice(0, 2)));
    const next = packages(mediaBody(2, 0, 0, JPEG.subarray(0, 2500)));
    const results = device.decode(Buffer.concat(next));
    expect(results.flatMap((result) => result.media ?? []).map((file) => file.position.attributes.mediaId)).toEqual([2]);
    // The old item's last package finds nothing of it.
    expect(device.decode(old[2])[0].media).toBeUndefined();
  });

  it('takes an item in one message, and keeps only the formats the media store takes', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    const single = binary('7e080100280139123456780005000000070000010200000001000000030159885e06cbf34400100064005a240102030405ffd8ffd9ec7e');
    const [result] = device.decode(single);
    expect(result.reply).toEqual(binary('7e88000004013912345678000000000007bb7e'));
    expect(result.media?.[0]).toMatchObject({ key: 'image', extension: 'jpg', data: binary('ffd8ffd9') });
    const wav = device.decode(message(0x0801, mediaBody(8, 1, 3, Buffer.from('RIFF')), 1))[0];
    expect(wav.media?.[0]).toMatchObject({ key: 'audio', extension: 'wav', data: Buffer.from('RIFF') });
    const wmv = device.decode(message(0x0801, mediaBody(9, 2, 4, Buffer.from('video')), 2))[0];
    expect(wmv.positions?.[0].attributes).toMatchObject({ mediaType: 'video', mediaFormat: 'wmv' });
    expect(wmv.media).toBeUndefined();
  });

  it('refuses an item announced in more packages than it gathers, and stops the terminal sending it', () => {
    const device = protocolTest(jt808Codec, { receivedAt: RECEIVED });
    const total = MAX_MEDIA_PARTS + 1;
    const body = mediaBody(5, 0, 0, JPEG.subarray(0, 100));
    expect(answer(device.none(message(0x0801, body, 1, { total, number: 1 })))).toMatch(/^8001:/);
    expect(answer(device.none(message(0x0801, JPEG.subarray(0, 100), 2, { total, number: total })))).toBe('8800:00000005');
  });

  it('ignores a package numbered outside its item', () => {
    expect(() => protocolTest(jt808Codec).decode(message(0x0801, JPEG.subarray(0, 10), 1, { total: 2, number: 3 }))).toThrow(/package 3 of 2/);
  });
});

describe('media parts', () => {
  const state = (): ConnectionState => ({ device: null, data: {} });

  it('joins parts in key order, replaces a part sent twice, and drops the file on another', () => {
    const memory = state();
    gatherPart(memory, 'slot', { file: 'a', key: 2, data: Buffer.from('cd') });
    gatherPart(memory, 'slot', { file: 'a', key: 1, data: Buffer.from('ab') });
    const parts = gatherPart(memory, 'slot', { file: 'a', key: 2, data: Buffer.from('cd') });
    expect(parts && joinParts(parts).toString()).toBe('abcd');
    expect(parts?.bytes).toBe(4);
    gatherPart(memory, 'slot', { file: 'b', key: 1, data: Buffer.from('x') });
    expect(gathered(memory, 'slot')?.parts.size).toBe(1);
  });

  it('refuses a file bigger than the media store takes, and its further parts, but not the next file', () => {
    const memory = state();
    const half = new Uint8Array(MAX_MEDIA_BYTES / 2 + 1);
    expect(gatherPart(memory, 'slot', { file: 'a', key: 0, data: half })).not.toBeNull();
    expect(gatherPart(memory, 'slot', { file: 'a', key: 1, data: half })).toBeNull();
    expect(gathered(memory, 'slot')).toMatchObject({ refused: true, bytes: 0 });
    expect(gatherPart(memory, 'slot', { file: 'a', key: 2, data: new Uint8Array(1) })).toBeNull();
    expect(gatherPart(memory, 'slot', { file: 'b', key: 0, data: new Uint8Array(1) })).not.toBeNull();
    expect(gatherPart(memory, 'slot', { file: 'c', key: 0, data: new Uint8Array(1), size: MAX_MEDIA_BYTES + 1 })).toBeNull();
  });
});
