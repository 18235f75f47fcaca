import { describe, expect, it } from 'vitest';
import { ADMIN, Client, LiveClient, postgresAvailable, redisAvailable, reportOsmAnd, type Dialect, withServer, withTwoNodes } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const DAY = 86_400_000;

/** Resolves with the close code once the server closes the socket; rejects if it stays open. */
function closed(socket: LiveClient, timeoutMs = 5000): Promise<number> {
  if (socket.ws.readyState === socket.ws.CLOSED) return Promise.resolve(-1);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs);
    socket.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function opened(socket: LiveClient): Promise<LiveClient> {
  await socket.opened;
  await socket.waitFor((f) => (Array.isArray(f.positions) ? true : undefined));
  return socket;
}

const tokenSocket = (base: string, token: string) => new LiveClient(`${base.replace('http', 'ws')}/api/socket?token=${encodeURIComponent(token)}`, {});

const mint = async (client: Client, expiration?: string) => {
  const response = await client.form('/api/session/token', expiration ? { expiration } : {});
  return { status: response.status, text: await response.text() };
};

const positionsOf = (socket: LiveClient, deviceId: number) =>
  socket.frames.flatMap((f) => (f.positions ?? []) as { deviceId: number; latitude: number }[]).filter((p) => p.deviceId === deviceId);

describe.each(dialects)('revocation on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });
  let seq = 0;

  /** A user with one device of his own; answers his signed-in client. */
  async function userWithDevice(fields: Record<string, unknown> = {}) {
    seq += 1;
    const email = `rev-${seq}@example.com`;
    const user = await admin.json('POST', '/api/users', { name: `Rev ${seq}`, email, password: 'pass1234', ...fields });
    const client = await Client.login(server.base, email, 'pass1234');
    const uniqueId = `rev-dev-${seq}`;
    const device = await client.json('POST', '/api/devices', { name: `Rev device ${seq}`, uniqueId });
    return { user, client, device, uniqueId, email };
  }

  it('logout closes the sockets of that session, and no frame follows', async () => {
    const { client, device, uniqueId } = await userWithDevice();
    const socket = await opened(client.socket());
    const end = closed(socket);
    expect((await client.request('DELETE', '/api/session')).status).toBe(204);
    // traccar-web's own logout code: with any other, its socket handler re-fetches and meets 401s
    expect(await end).toBe(4000);
    expect((await reportOsmAnd(server.osmand, { id: uniqueId, lat: -23.11, lon: -46.11 })).status).toBe(200);
    // closed before the report: the position never reached it
    expect(positionsOf(socket, device.id)).toEqual([]);
  });

  it('disabling a user ends his sessions, tokens and sockets', async () => {
    const { user, client } = await userWithDevice();
    const token = (await mint(client)).text;
    const byCookie = await opened(client.socket());
    const byToken = await opened(tokenSocket(server.base, token));
    const ends = [closed(byCookie), closed(byToken)];
    const stored = await admin.json('GET', `/api/users/${user.id}`);
    await admin.json('PUT', `/api/users/${user.id}`, { ...stored, disabled: true });
    expect(await Promise.all(ends)).toEqual([4001, 4001]);
    await admin.json('PUT', `/api/users/${user.id}`, { ...stored, disabled: false });
    // re-enabled, he signs in again: what the disable ended stays ended
    expect((await client.request('GET', '/api/devices')).status).toBe(401);
    expect((await fetch(`${server.base}/api/devices`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('an expiry moved earlier caps his tokens, and one in the past ends his sockets', async () => {
    const { user, client } = await userWithDevice();
    const token = (await mint(client, new Date(Date.now() + 30 * DAY).toISOString())).text;
    const socket = await opened(client.socket());
    const stored = await admin.json('GET', `/api/users/${user.id}`);
    const soon = Date.now() + DAY;
    await admin.json('PUT', `/api/users/${user.id}`, { ...stored, expirationTime: new Date(soon).toISOString() });
    const { digest } = await import('../src/db/sessions.ts');
    const row = await server.rastro.db.kysely.selectFrom('tc_tokens').select('expiresTime').where('id', '=', digest(token)).executeTakeFirstOrThrow();
    expect(row.expiresTime).toBe(soon);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    const end = closed(socket);
    await admin.json('PUT', `/api/users/${user.id}`, { ...stored, expirationTime: new Date(Date.now() - 1000).toISOString() });
    expect(await end).toBe(4001);
  });

  it('deleting a user closes his sockets', async () => {
    const { user, client } = await userWithDevice();
    const socket = await opened(client.socket());
    const end = closed(socket);
    expect((await admin.request('DELETE', `/api/users/${user.id}`)).status).toBe(204);
    expect(await end).toBe(4001);
  });

  it('suspension closes the sockets and ?token= refuses to open one', async () => {
    const { user, client } = await userWithDevice();
    const token = (await mint(client)).text;
    const socket = await opened(tokenSocket(server.base, token));
    const end = closed(socket);
    expect((await admin.request('POST', `/tarkan/billing/customers/${user.id}/suspend`)).status).toBe(204);
    expect(await end).toBe(4001);
    await expect(tokenSocket(server.base, token).opened).rejects.toThrow('socket refused: 401');
  });

  it('the billing sweep closes the sockets of the customers it suspends', async () => {
    const { user, client } = await userWithDevice({ attributes: { billingSuspension: true, billingSuspensionDays: 1 } });
    const socket = await opened(client.socket());
    const end = closed(socket);
    const dueDate = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10);
    await admin.json('POST', `/tarkan/billing/customers/${user.id}/invoices`, { value: 50, dueDate });
    expect((await server.rastro.billing.sweep()).suspendedUserIds).toContain(user.id);
    expect(await end).toBe(4001);
  });

  it('a password change ends the other sessions, tokens and sockets, not the changer', async () => {
    const { user, client, email } = await userWithDevice();
    const other = await Client.login(server.base, email, 'pass1234');
    const token = (await mint(other)).text;
    const otherSocket = await opened(other.socket());
    const tokenSock = await opened(tokenSocket(server.base, token));
    const ownSocket = await opened(client.socket());
    const ends = [closed(otherSocket), closed(tokenSock)];
    const self = await client.json('GET', `/api/users/${user.id}`);
    await client.json('PUT', `/api/users/${user.id}`, { ...self, password: 'new-pass-5678' });
    expect(await Promise.all(ends)).toEqual([4001, 4001]);
    expect((await other.request('GET', '/api/devices')).status).toBe(401);
    expect((await fetch(`${server.base}/api/devices`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await client.request('GET', '/api/devices')).status).toBe(200);
    expect(ownSocket.ws.readyState).toBe(ownSocket.ws.OPEN);
    ownSocket.close();
  });

  it('an administrator changing a password ends every session of that user', async () => {
    const { user, client } = await userWithDevice();
    const socket = await opened(client.socket());
    const end = closed(socket);
    const stored = await admin.json('GET', `/api/users/${user.id}`);
    await admin.json('PUT', `/api/users/${user.id}`, { ...stored, password: 'set-by-admin-1' });
    expect(await end).toBe(4001);
    expect((await client.request('GET', '/api/devices')).status).toBe(401);
    expect((await admin.request('GET', '/api/devices')).status).toBe(200);
  });

  it('revoking a token closes the sockets it opened', async () => {
    const { client } = await userWithDevice();
    const token = (await mint(client)).text;
    const byToken = await opened(tokenSocket(server.base, token));
    const byCookie = await opened(client.socket());
    const end = closed(byToken);
    expect((await client.form('/api/session/token/revoke', { token })).status).toBe(204);
    expect(await end).toBe(4001);
    expect(byCookie.ws.readyState).toBe(byCookie.ws.OPEN);
    byCookie.close();
  });

  it('a lost permission stops the frames of that device', async () => {
    const { user, client } = await userWithDevice();
    const shared = await admin.json('POST', '/api/devices', { name: 'Shared truck', uniqueId: `rev-shared-${seq}` });
    const marker = await admin.json('POST', '/api/devices', { name: 'Marker', uniqueId: `rev-marker-${seq}` });
    await admin.json('POST', '/api/permissions/bulk', [{ userId: user.id, deviceId: shared.id }, { userId: user.id, deviceId: marker.id }]);
    const socket = await opened(client.socket());
    await reportOsmAnd(server.osmand, { id: shared.uniqueId, lat: -23.1, lon: -46.1 });
    await socket.waitFor((f) => f.positions?.find((p: { deviceId: number }) => p.deviceId === shared.id));
    expect((await admin.request('DELETE', '/api/permissions', { userId: user.id, deviceId: shared.id })).status).toBe(204);
    await reportOsmAnd(server.osmand, { id: shared.uniqueId, lat: -23.2, lon: -46.2 });
    await reportOsmAnd(server.osmand, { id: marker.uniqueId, lat: -23.3, lon: -46.3 });
    await socket.waitFor((f) => f.positions?.find((p: { deviceId: number }) => p.deviceId === marker.id));
    expect(positionsOf(socket, shared.id).map((p) => p.latitude)).toEqual([-23.1]);
    socket.close();
  });

  it('the periodic re-check closes sockets whose right ended without a message', async () => {
    const { user, client } = await userWithDevice();
    const socket = await opened(client.socket());
    const end = closed(socket);
    // as another node or an operator would: straight in the database, no bus message
    await server.rastro.db.kysely.updateTable('tc_users').set({ disabled: 1 }).where('id', '=', user.id).execute();
    expect(await server.rastro.hub.revalidate()).toBeGreaterThanOrEqual(1);
    expect(await end).toBe(4001);
  });

  it('mints tokens no longer than the account, the configured maximum, or the token minting them', async () => {
    const expiry = Date.now() + 2 * DAY;
    const { client, user } = await userWithDevice({ expirationTime: new Date(expiry).toISOString() });
    const row = async (token: string) => {
      const { digest } = await import('../src/db/sessions.ts');
      return server.rastro.db.kysely.selectFrom('tc_tokens').selectAll().where('id', '=', digest(token)).executeTakeFirstOrThrow();
    };
    const capped = await mint(client, '2099-01-01T00:00:00Z');
    expect(capped.status).toBe(200);
    expect((await row(capped.text)).expiresTime).toBe(expiry);
    expect((await row(capped.text)).userId).toBe(user.id);

    const { client: unlimited } = await userWithDevice();
    const long = await mint(unlimited, '2099-01-01T00:00:00Z');
    expect((await row(long.text)).expiresTime).toBeLessThanOrEqual(Date.now() + 365 * DAY);

    // a session opened by a token mints nothing that outlives that token
    const short = await mint(unlimited, new Date(Date.now() + 3600_000).toISOString());
    const viaToken = new Client(server.base);
    await viaToken.json('GET', `/api/session?token=${encodeURIComponent(short.text)}`);
    const child = await mint(viaToken, '2099-01-01T00:00:00Z');
    expect((await row(child.text)).expiresTime).toBe((await row(short.text)).expiresTime);
  });
});

const multiNode = (await postgresAvailable()) && (await redisAvailable());

describe.runIf(multiNode)('revocation across nodes (PostgreSQL and Redis)', () => {
  const { a, b } = withTwoNodes();

  it('an administrator disabling a user on one node closes his socket on the other', async () => {
    const admin = await Client.login(a.base, ADMIN.email, ADMIN.password);
    const user = await admin.json('POST', '/api/users', { name: 'Far', email: 'far@example.com', password: 'pass1234' });
    const onB = await Client.login(b.base, 'far@example.com', 'pass1234');
    const socket = await opened(onB.socket());
    const end = closed(socket);
    await admin.json('PUT', `/api/users/${user.id}`, { ...user, disabled: true });
    expect(await end).toBe(4001);
  });

  it('a logout on one node closes the session\'s socket on the other', async () => {
    const admin = await Client.login(a.base, ADMIN.email, ADMIN.password);
    await admin.json('POST', '/api/users', { name: 'Far 2', email: 'far2@example.com', password: 'pass1234' });
    const onA = await Client.login(a.base, 'far2@example.com', 'pass1234');
    const onB = new Client(b.base);
    onB.cookie = onA.cookie;
    const socket = await opened(onB.socket());
    const end = closed(socket);
    expect((await onA.request('DELETE', '/api/session')).status).toBe(204);
    // the logout's own code crosses the bus too
    expect(await end).toBe(4000);
  });
});
