import { describe, expect, it } from 'vitest';
import { Client, withServer } from './harness.ts';

/** POST /api/session/token with `userId`: the user editor's token, minted for a user the caller manages. */
describe('API tokens of managed users', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  const newUser = async (email: string, fields: Record<string, unknown> = {}) =>
    admin.json<{ id: number }>('POST', '/api/users', { name: email, email, password: 'pass1234', ...fields });
  const sessionOf = async (token: string) => {
    const response = await new Client(server.base).request('GET', `/api/session?token=${encodeURIComponent(token)}`);
    return response.ok ? ((await response.json()) as { email: string }).email : response.status;
  };

  it('lets an administrator mint a token that signs in as the user, and revoke it', async () => {
    const driver = await newUser('driver@example.com');
    const response = await admin.form('/api/session/token', { userId: String(driver.id) });
    expect(response.status).toBe(200);
    const token = await response.text();
    expect(await sessionOf(token)).toBe('driver@example.com');
    expect((await admin.form('/api/session/token/revoke', { token })).status).toBe(204);
    expect(await sessionOf(token)).toBe(401);
  });

  it('lets a manager mint for his users only, never for an administrator', async () => {
    const manager = await newUser('manager@example.com', { userLimit: 5 });
    const managed = await newUser('managed@example.com');
    const stranger = await newUser('stranger@example.com');
    const otherAdmin = await newUser('admin2@example.com', { administrator: true });
    await admin.json('POST', '/api/permissions', { userId: manager.id, managedUserId: managed.id });
    await admin.json('POST', '/api/permissions', { userId: manager.id, managedUserId: otherAdmin.id });
    const client = await Client.login(server.base, 'manager@example.com', 'pass1234');

    const own = await client.form('/api/session/token', { userId: String(managed.id) });
    expect(own.status).toBe(200);
    expect(await sessionOf(await own.text())).toBe('managed@example.com');

    const refused = await client.form('/api/session/token', { userId: String(stranger.id) });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const above = await client.form('/api/session/token', { userId: String(otherAdmin.id) });
    expect([above.status, await above.text()]).toEqual([400, 'User access denied']);
    // his own token still comes without userId, or with his own id
    expect(await sessionOf(await (await client.form('/api/session/token', { userId: String(manager.id) })).text())).toBe('manager@example.com');
  });

  it('answers a userId that is not one with a 400', async () => {
    for (const userId of ['abc', '-3', '1.5', '']) {
      const response = await admin.form('/api/session/token', { userId });
      expect(response.status).toBe(400);
    }
    expect((await admin.form('/api/session/token', { userId: '999999' })).status).toBeGreaterThanOrEqual(400);
  });
});
