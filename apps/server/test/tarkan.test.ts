import { beforeAll, describe, expect, it } from 'vitest';
import { Client, reportOsmAnd, withServer } from './harness.ts';

describe('the /tarkan extension API and notification endpoints', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  let regular: Client;

  beforeAll(async () => {
    await admin.json('POST', '/api/users', { name: 'Regular User', email: 'regular@example.com', password: 'pass1234' });
    regular = await Client.login(server.base, 'regular@example.com', 'pass1234');
  });

  it('offers trackers the server refused for claiming, and claiming creates the device', async () => {
    expect((await reportOsmAnd(server.osmand, { id: 'new-phone-77', lat: -23.5, lon: -46.6 })).status).toBe(400);
    const offered = await regular.json('GET', '/tarkan/autolink');
    expect(offered).toEqual([expect.objectContaining({ uniqueId: 'new-phone-77', protocol: 'osmand', count: 1, remoteAddress: null })]);
    expect((await admin.json('GET', '/tarkan/autolink'))[0].remoteAddress).toMatch(/127\.0\.0\.1/);
    const device = await regular.json('POST', '/tarkan/autolink', { name: 'Celular do João', uniqueId: 'new-phone-77' });
    expect(device).toMatchObject({ name: 'Celular do João', uniqueId: 'new-phone-77' });
    expect(await regular.json('GET', '/tarkan/autolink')).toEqual([]);
    expect((await reportOsmAnd(server.osmand, { id: 'new-phone-77', lat: -23.5, lon: -46.6 })).status).toBe(200);
    expect((await regular.json('GET', '/api/devices')).map((d: { uniqueId: string }) => d.uniqueId)).toEqual(['new-phone-77']);
  });

  it('logs changes per user and per device for administrators', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Logged', uniqueId: 'log-1' });
    await admin.json('PUT', `/api/devices/${device.id}`, { ...device, name: 'Logged 2' });
    const logs = await admin.json('GET', `/tarkan/devices/${device.id}/logs`);
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['PUT /api/devices/:id', 'POST /api/devices']);
    const self = await admin.json('GET', '/api/session');
    expect((await admin.json('GET', `/tarkan/users/${self.id}/logs`)).length).toBeGreaterThanOrEqual(2);
    const denied = await regular.request('GET', `/tarkan/devices/${device.id}/logs`);
    expect([denied.status, await denied.text()]).toEqual([400, 'Administrator access required']);
  });

  it('lists notification types and channels, and sends a test notification to the caller', async () => {
    const types = (await admin.json('GET', '/api/notifications/types')).map((t: { type: string }) => t.type);
    expect(types).toHaveLength(17);
    expect(types).toContain('deviceFuelDrop');
    expect(await admin.json('GET', '/api/notifications/notificators')).toEqual([{ type: 'web' }, { type: 'firebase' }]);
    const socket = admin.socket();
    await socket.opened;
    expect((await admin.request('POST', '/api/notifications/test')).status).toBe(204);
    const event = await socket.waitFor((f) => f.events?.[0]);
    expect(event.type).toBe('test');
    socket.close();
  });

  it('keeps the theme public to read and administrators to write; masks integration secrets', async () => {
    expect(await new Client(server.base).json('GET', '/tarkan/theme')).toEqual({});
    await admin.json('PUT', '/tarkan/theme', { serviceName: 'Frota Segura', whatsapp: '5511999999999' });
    expect(await new Client(server.base).json('GET', '/tarkan/theme')).toEqual({ serviceName: 'Frota Segura', whatsapp: '5511999999999' });
    expect((await regular.request('PUT', '/tarkan/theme', { serviceName: 'x' })).status).toBe(400);

    const saved = await admin.json('POST', '/tarkan/integrations/email', { username: 'frota', password: 's3cret', host: 'smtp.example.com', port: 587 });
    expect(saved.list).toEqual({ username: 'frota', password: '••••••', host: 'smtp.example.com', port: 587 });
    await admin.json('POST', '/tarkan/integrations/email', { ...saved.list, host: 'smtp2.example.com' });
    const stored = await server.rastro.db.kysely.selectFrom('tc_integrations').selectAll().where('key', '=', 'email').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.attributes)).toMatchObject({ password: 's3cret', host: 'smtp2.example.com' });
    expect((await admin.request('POST', '/tarkan/integrations/bogus', {})).status).toBe(400);
  });

  it('lets only administrators restart the server', async () => {
    const denied = await regular.request('POST', '/api/server/restart');
    expect([denied.status, await denied.text()]).toEqual([400, 'Administrator access required']);
    expect((await admin.request('POST', '/api/server/restart')).status).toBe(204);
    await expect.poll(() => server.restarts).toBe(1);
  });

  it('registers push tokens on the user', async () => {
    const self = await regular.json('GET', '/api/session');
    expect((await regular.request('POST', '/tarkan/notification', { userId: self.id, token: 'push-token-123456' })).status).toBe(204);
    expect((await regular.json('GET', '/api/session')).attributes.notificationTokens).toBe('push-token-123456');
    const admins = await admin.json('GET', '/api/session');
    expect((await regular.request('POST', '/tarkan/notification', { userId: admins.id, token: 'push-token-123456' })).status).toBe(400);
  });
});
