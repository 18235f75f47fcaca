import { describe, expect, it } from 'vitest';
import { Client, withServer } from './harness.ts';

describe('temporary share links', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  it('signs a visitor in as a read-only user who sees only the shared device, until revoked', async () => {
    const shared = await admin.json('POST', '/api/devices', { name: 'Entrega 12', uniqueId: 'share-1' });
    await admin.json('POST', '/api/devices', { name: 'Private', uniqueId: 'share-2' });
    const expiration = new Date(Date.now() + 3600_000).toISOString();
    const share = await admin.json('POST', '/tarkan/shares', { deviceId: shared.id, expiration });
    expect(share).toMatchObject({ deviceId: shared.id, expiration: expiration.replace('Z', '+00:00') });

    const visitor = new Client(server.base);
    const user = await visitor.json('GET', `/api/session?token=${encodeURIComponent(share.token)}`);
    expect(user).toMatchObject({ readonly: true, temporary: true, attributes: { isShared: true }, name: 'Entrega 12' });
    expect((await visitor.json('GET', '/api/devices')).map((d: { id: number }) => d.id)).toEqual([shared.id]);
    const write = await visitor.request('POST', '/api/devices', { name: 'x', uniqueId: 'share-x' });
    expect([write.status, await write.text()]).toEqual([400, 'Write access denied']);
    const reshare = await visitor.request('POST', '/tarkan/shares', { deviceId: shared.id, expiration });
    expect([reshare.status, await reshare.text()]).toEqual([400, 'Temporary user']);
    // the administrator's user list hides nothing, but the temporary user is flagged for the UI
    expect((await admin.json('GET', '/tarkan/shares')).map((s: { id: number }) => s.id)).toEqual([share.id]);

    const later = new Date(Date.now() + 7200_000).toISOString();
    expect((await admin.json('PUT', `/tarkan/shares/${share.id}`, { ...share, expiration: later })).expiration).toBe(later.replace('Z', '+00:00'));

    expect((await admin.request('DELETE', `/tarkan/shares/${share.id}`)).status).toBe(204);
    expect((await new Client(server.base).request('GET', `/api/session?token=${encodeURIComponent(share.token)}`)).status).toBe(401);
    expect((await visitor.request('GET', '/api/devices')).status).toBe(401);
  });

  it("answers Traccar's form call with the token, and refuses what it must", async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Moto', uniqueId: 'share-3' });
    const response = await admin.form('/api/share/device', { deviceId: String(device.id), expiration: new Date(Date.now() + 60_000).toISOString() });
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBeGreaterThan(20);
    const past = await admin.form('/api/share/device', { deviceId: String(device.id), expiration: '2020-01-01T00:00:00Z' });
    expect([past.status, await past.text()]).toEqual([400, 'expiration must be in the future']);
    const other = await admin.json('POST', '/api/users', { name: 'Other', email: 'other-share@example.com', password: 'pass1234' });
    expect(other.id).toBeGreaterThan(0);
    const client = await Client.login(server.base, 'other-share@example.com', 'pass1234');
    const denied = await client.form('/api/share/device', { deviceId: String(device.id), expiration: new Date(Date.now() + 60_000).toISOString() });
    expect([denied.status, await denied.text()]).toEqual([400, 'Device access denied']);
  });
});
