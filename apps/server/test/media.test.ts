import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES, MediaStore } from '../src/media/store.ts';
import type { StreamCodec } from '../src/protocols/codec.ts';
import { decodedPosition } from '../src/position/create.ts';
import { DELIMITER, enclose, xor } from '../src/protocols/jt808/frame.ts';
import { startTcpListener } from '../src/protocols/stream-listener.ts';
import { Client, withServer } from './harness.ts';

/** A tiny line protocol for this test: `<uniqueId>,<hex of a jpg>\n` is one outdated position carrying a photo. */
const photoCodec: StreamCodec = {
  protocol: 'photo-test',
  frameLength: (buffer) => buffer.indexOf(0x0a) + 1,
  decode(frame) {
    const [uniqueId, hex] = frame.toString('latin1').trim().split(',');
    const position = { ...decodedPosition('photo-test', new Date(), { valid: false, outdated: true }) };
    return { uniqueId, positions: [position], media: [{ position, key: 'image', extension: 'jpg', data: Buffer.from(hex, 'hex') }] };
  },
  commandTypes: [],
  encodeCommand: () => Buffer.alloc(0),
};

const JPEG = 'ffd8ffe000104a46494600010100000100010000ffd9';

describe('media a device sends', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  it('is stored under the device, named on its position, and served only to users who see the device', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Dashcam', uniqueId: '../cam/01' });
    const listener = await startTcpListener(server.rastro.processor, photoCodec, { port: 0, host: '127.0.0.1' });
    try {
      const socket = net.connect(listener.port, '127.0.0.1');
      socket.write(`../cam/01,${JPEG}\n`);
      await expect.poll(async () => (await admin.json('GET', `/api/positions?deviceId=${device.id}`))[0]?.attributes.image, { timeout: 5000 }).toMatch(/^\d{14}-[0-9a-f]{12}\.jpg$/);
      socket.destroy();
    } finally {
      await listener.close();
    }
    const [position] = await admin.json('GET', `/api/positions?deviceId=${device.id}`);
    const url = `/api/media/${encodeURIComponent('../cam/01')}/${position.attributes.image}`;
    const response = await admin.request('GET', url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await response.arrayBuffer()).toString('hex')).toBe(JPEG);

    // Another user, who does not see the device, gets nothing.
    await admin.json('POST', '/api/users', { name: 'Other', email: 'other-media@example.com', password: 'other-secret-1' });
    const other = await Client.login(server.base, 'other-media@example.com', 'other-secret-1');
    expect((await other.request('GET', url)).status).toBe(400);
    // Names the store did not give, and unknown devices, are not found.
    expect((await admin.request('GET', `/api/media/${encodeURIComponent('../cam/01')}/..%2F..%2Frastro.db`)).status).toBe(404);
    expect((await admin.request('GET', `/api/media/nobody/${position.attributes.image}`)).status).toBe(404);
  });
});

/** A JT808 photo of 2,500 bytes (the delimiter and escape among them) in 0x0801 packages of terminal 013912345678. */
function jt808Photo(photo: Buffer): Buffer[] {
  const head = Buffer.from('00000063' + '00000102' + '00000000000000030159885e06cbf34400100064005a240102030405', 'hex');
  const body = Buffer.concat([head, photo]);
  const total = Math.ceil(body.length / 1000);
  return Array.from({ length: total }, (_, at) => {
    const part = body.subarray(at * 1000, (at + 1) * 1000);
    const header = Buffer.alloc(16);
    header.writeUInt16BE(0x0801, 0);
    header.writeUInt16BE(part.length | 0x2000, 2);
    Buffer.from('013912345678', 'hex').copy(header, 4);
    header.writeUInt16BE(at, 10);
    header.writeUInt16BE(total, 12);
    header.writeUInt16BE(at + 1, 14);
    const message = Buffer.concat([header, part]);
    return enclose(Buffer.concat([message, Buffer.from([xor(message)])]), DELIMITER);
  });
}

describe('a JT808 photo over TCP', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  it('is gathered from its packages, answered, stored on the position of its location and served whole', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Van', uniqueId: '13912345678' });
    const photo = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from(Array.from({ length: 2492 }, (_, at) => (at * 7) % 256)), Buffer.from('ffd9', 'hex')]);
    const socket = net.connect(server.port('jt808'), '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => (received = Buffer.concat([received, data])));
    try {
      // Packages split and joined across TCP writes as a modem does.
      const stream = Buffer.concat(jt808Photo(photo));
      socket.write(stream.subarray(0, 1500));
      socket.write(stream.subarray(1500));
      await expect.poll(async () => (await admin.json('GET', `/api/positions?deviceId=${device.id}`))[0]?.attributes.image, { timeout: 5000 }).toMatch(/^\d{14}-[0-9a-f]{12}\.jpg$/);
      // Two general responses, then 0x8800 with the item's id: complete.
      await expect.poll(() => received.includes(Buffer.from('88000004013912345678000000000063', 'hex')), { timeout: 5000 }).toBe(true);
    } finally {
      socket.destroy();
    }
    const [position] = await admin.json('GET', `/api/positions?deviceId=${device.id}`);
    expect(position).toMatchObject({ latitude: 22.64483, longitude: 114.02938, attributes: { mediaId: 0x63, mediaType: 'image' } });
    const response = await admin.request('GET', `/api/media/13912345678/${position.attributes.image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(photo);
    // Another request after the file: a streamed response left last on its keep-alive connection holds the server's close for ~70 s.
    expect((await admin.request('GET', '/api/media/13912345678/missing.jpg')).status).toBe(404);
  });
});

describe('MediaStore', () => {
  it('keeps files under the data directory whatever the device identifier, and refuses unknown types and oversized files', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-media-'));
    const store = new MediaStore(dataDir);
    const name = await store.save('../../etc', 'jpg', Buffer.from(JPEG, 'hex'), new Date('2024-05-01T10:20:30Z'));
    expect(name).toMatch(/^20240501102030-[0-9a-f]{12}\.jpg$/);
    const files = fs.readdirSync(path.join(dataDir, 'media'));
    expect(files).toEqual(['%2E%2E%2F%2E%2E%2Fetc']);
    await expect(store.save('x', 'exe', Buffer.from('MZ'))).rejects.toThrow(/not kept/);
    await expect(store.save('x', 'jpg', Buffer.alloc(MAX_MEDIA_BYTES + 1))).rejects.toThrow(/not kept/);
    expect(await store.open('../../etc', '../../../rastro.db')).toBeNull();
    const opened = await store.open('../../etc', name);
    expect(opened?.type).toBe('image/jpeg');
    opened?.stream.destroy();
  });
});
