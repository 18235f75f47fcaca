import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, withServer } from './harness.ts';
import { GIF, JPEG, PNG, WEBP } from './uploads.ts';

const PASSWORD = 'image-secret-1';

describe("a device's picture (POST /api/devices/{id}/image)", () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  const upload = (client: Client, deviceId: number, data: Buffer | string, type = 'image/png') =>
    client.request('POST', `/api/devices/${deviceId}/image`, data, { 'content-type': type });
  const answer = async (response: Response) => [response.status, await response.text()];

  async function user(email: string, flags: Record<string, unknown> = {}): Promise<{ id: number; client: Client }> {
    const created = await admin.json('POST', '/api/users', { name: email, email, password: PASSWORD, ...flags });
    return { id: created.id, client: await Client.login(server.base, email, PASSWORD) };
  }

  it('is stored under the data directory as device.<type of its content> and served by the media path to those who see the device', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Truck', uniqueId: 'img-1' });
    expect(await answer(await upload(admin, device.id, PNG))).toEqual([200, 'device.png']);
    const file = path.join(server.dataDir, 'media', 'img-1', 'device.png');
    expect(fs.readFileSync(file)).toEqual(PNG);

    const served = await admin.request('GET', '/api/media/img-1/device.png');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    // a new picture of another type replaces it
    expect(await answer(await upload(admin, device.id, JPEG, 'image/jpeg'))).toEqual([200, 'device.jpg']);
    expect((await admin.request('GET', '/api/media/img-1/device.png')).status).toBe(404);
    expect((await admin.request('GET', '/api/media/img-1/device.jpg')).headers.get('content-type')).toBe('image/jpeg');
    expect(await answer(await upload(admin, device.id, GIF, 'image/gif'))).toEqual([200, 'device.gif']);
    expect(await answer(await upload(admin, device.id, WEBP, 'image/webp'))).toEqual([200, 'device.webp']);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['device.webp']);
    // the server leaves the device alone: the client names the picture in attributes.deviceImage with its next save
    expect((await admin.json('GET', `/api/devices/${device.id}`)).attributes).toEqual({});

    // someone who does not see the device gets neither the upload nor the picture
    const stranger = await user('img-stranger@example.com');
    expect(await answer(await upload(stranger.client, device.id, PNG))).toEqual([400, 'Device access denied']);
    expect((await stranger.client.request('GET', '/api/media/img-1/device.webp')).status).toBe(400);
  });

  it('is checked by its content, not by its name or declared type, and bounded in size', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Van', uniqueId: 'img-2' });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(await answer(await upload(admin, device.id, svg, 'image/svg+xml'))).toEqual([400, 'Unsupported image type: send a JPEG, PNG, GIF or WebP image']);
    expect(await answer(await upload(admin, device.id, '<html><body>hi</body></html>', 'image/png'))).toEqual([400, 'Unsupported image type: send a JPEG, PNG, GIF or WebP image']);
    expect(await answer(await upload(admin, device.id, JPEG, 'image/png'))).toEqual([400, 'Image content does not match its type: image/png declared, image/jpeg sent']);
    expect(await answer(await upload(admin, device.id, PNG.subarray(0, 4)))).toEqual([400, 'Unsupported image type: send a JPEG, PNG, GIF or WebP image']);
    expect(await answer(await upload(admin, device.id, Buffer.alloc(0)))).toEqual([400, "Image is empty: send the file's bytes as the request body"]);
    // Traccar's limit: 500,000 bytes
    const big = Buffer.concat([PNG, Buffer.alloc(500_001 - PNG.length)]);
    expect(await answer(await upload(admin, device.id, big))).toEqual([400, 'Image size limit exceeded (500000 bytes at most)']);
    const fits = Buffer.concat([PNG, Buffer.alloc(500_000 - PNG.length)]);
    expect((await upload(admin, device.id, fits)).status).toBe(200);
    // nothing refused was written
    expect(fs.readdirSync(path.join(server.dataDir, 'media', 'img-2'))).toEqual(['device.png']);
  });

  it('follows Traccar\'s rules of who may change a device', async () => {
    const manager = await user('img-manager@example.com', { userLimit: 5 });
    const regular = await user('img-regular@example.com');
    const readonly = await user('img-readonly@example.com', { readonly: true });
    const deviceReadonly = await user('img-devro@example.com', { deviceReadonly: true });
    const device = await admin.json('POST', '/api/devices', { name: 'Shared', uniqueId: 'img-3' });
    for (const u of [manager, regular, readonly, deviceReadonly]) await admin.json('POST', '/api/permissions', { userId: u.id, deviceId: device.id });

    expect(await answer(await upload(manager.client, device.id, PNG))).toEqual([200, 'device.png']);
    expect(await answer(await upload(regular.client, device.id, GIF, 'image/gif'))).toEqual([200, 'device.gif']);
    expect(await answer(await upload(readonly.client, device.id, PNG))).toEqual([400, 'Write access denied']);
    expect(await answer(await upload(deviceReadonly.client, device.id, PNG))).toEqual([400, 'Write access denied']);
    // those who may not change it still see it
    expect((await readonly.client.request('GET', '/api/media/img-3/device.gif')).status).toBe(200);
    expect((await new Client(server.base).request('POST', `/api/devices/${device.id}/image`, PNG, { 'content-type': 'image/png' })).status).toBe(401);
    expect(await answer(await upload(admin, 999_999, PNG))).toEqual([404, 'Device not found']);
    expect((await upload(admin, 0, PNG)).status).toBe(400);
  });

  it('stays inside the media folder whatever the device identifier', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Odd', uniqueId: '../../escape' });
    expect(await answer(await upload(admin, device.id, PNG))).toEqual([200, 'device.png']);
    const media = path.join(server.dataDir, 'media');
    expect(fs.readdirSync(media)).toContain('%2E%2E%2F%2E%2E%2Fescape');
    expect(fs.existsSync(path.join(server.dataDir, '..', 'escape'))).toBe(false);
    expect((await admin.request('GET', `/api/media/${encodeURIComponent('../../escape')}/device.png`)).status).toBe(200);
  });
});
