import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES, MediaStore } from '../src/media/store.ts';
import type { StreamCodec } from '../src/protocols/codec.ts';
import { decodedPosition } from '../src/position/create.ts';
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
