import { describe, expect, it } from 'vitest';
import { Client, withServer } from './harness.ts';

/**
 * The server-wide switches of spec §3 "Server settings" that act on the server for everyone
 * (the per-user flags of the same names are proven in api.test.ts and commands.test.ts).
 */
describe('server settings take effect on the server', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  /** Sets top-level server fields for the callback, then puts the saved settings back. */
  async function withSettings(fields: Record<string, unknown>, run: () => Promise<void>): Promise<void> {
    const saved = await admin.setServer(fields);
    try {
      await run();
    } finally {
      await admin.json('PUT', '/api/server', saved);
    }
  }

  async function regularUser(email: string): Promise<{ id: number; client: Client }> {
    const user = await admin.json('POST', '/api/users', { name: 'Regular', email, password: 'pass1234' });
    return { id: user.id, client: await Client.login(server.base, email, 'pass1234') };
  }

  it('registration: closed refuses a stranger signing up, open lets him in as a regular user', async () => {
    const stranger = new Client(server.base);
    const body = { name: 'Stranger', email: 'stranger@example.com', password: 'pass1234', administrator: true, userLimit: -1 };
    const closed = await stranger.request('POST', '/api/users', body);
    expect([closed.status, await closed.text()]).toEqual([400, 'Registration disabled']);

    await withSettings({ registration: true }, async () => {
      const open = await stranger.request('POST', '/api/users', body);
      expect(open.status).toBe(200);
      // what he asked for beyond an ordinary account is not his to set
      expect(await open.json()).toMatchObject({ email: 'stranger@example.com', administrator: false, userLimit: 0 });
      await Client.login(server.base, 'stranger@example.com', 'pass1234');
    });
  });

  it('readonly: no user writes anything while it is on, the administrator still does', async () => {
    const { client } = await regularUser('ro-server@example.com');
    await withSettings({ readonly: true }, async () => {
      for (const [path, body] of [
        ['/api/devices', { name: 'Nope', uniqueId: 'ro-server-dev' }],
        ['/api/geofences', { name: 'Nope', area: 'CIRCLE (-23.5 -46.6, 100)' }],
      ] as const) {
        const refused = await client.request('POST', path, body);
        expect([refused.status, await refused.text()]).toEqual([400, 'Write access denied']);
      }
      expect((await admin.request('POST', '/api/devices', { name: 'Admin', uniqueId: 'ro-server-admin' })).status).toBe(200);
    });
    // off again, the same user writes
    expect((await client.request('POST', '/api/geofences', { name: 'Mine', area: 'CIRCLE (-23.5 -46.6, 100)' })).status).toBe(200);
  });

  it('deviceReadonly: users keep their other writes but cannot add or change devices', async () => {
    const { client } = await regularUser('dro-server@example.com');
    const device = await client.json('POST', '/api/devices', { name: 'Mine', uniqueId: 'dro-server-dev' });
    await withSettings({ deviceReadonly: true }, async () => {
      const add = await client.request('POST', '/api/devices', { name: 'Nope', uniqueId: 'dro-server-new' });
      expect([add.status, await add.text()]).toEqual([400, 'Write access denied']);
      const rename = await client.request('PUT', `/api/devices/${device.id}`, { ...device, name: 'Renamed' });
      expect([rename.status, await rename.text()]).toEqual([400, 'Write access denied']);
      expect((await client.request('POST', '/api/geofences', { name: 'Still mine', area: 'CIRCLE (-23.5 -46.6, 100)' })).status).toBe(200);
    });
    expect((await client.json('GET', `/api/devices`)).map((d: { name: string }) => d.name)).toEqual(['Mine']);
  });

  it('limitCommands: users lose the ad-hoc command, the administrator keeps it', async () => {
    const { id, client } = await regularUser('lc-server@example.com');
    const device = await admin.json('POST', '/api/devices', { name: 'Truck', uniqueId: 'lc-server-dev' });
    await admin.json('POST', '/api/permissions', { userId: id, deviceId: device.id });
    const command = { deviceId: device.id, type: 'custom', attributes: { data: 'hello' } };
    await withSettings({ limitCommands: true }, async () => {
      const refused = await client.request('POST', '/api/commands/send', command);
      expect([refused.status, await refused.text()]).toEqual([400, 'Operation restricted']);
      expect((await admin.request('POST', '/api/commands/send', command)).status).toBe(202);
    });
    expect((await client.request('POST', '/api/commands/send', command)).status).toBe(202);
  });
});
