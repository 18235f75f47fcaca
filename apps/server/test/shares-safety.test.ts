import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { up as splitShareUsers } from '../src/db/migrations/005-share-users.ts';
import { checkToken } from '../src/db/sessions.ts';
import { Client, LiveClient, openTestDatabase, postgresAvailable, type Dialect, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const HOUR = 3600_000;
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

function closed(socket: LiveClient, timeoutMs = 5000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs);
    socket.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe.each(dialects)('share links made safe on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });

  const visit = async (token: string) => {
    const visitor = new Client(server.base);
    const user = await visitor.json('GET', `/api/session?token=${encodeURIComponent(token)}`);
    return { visitor, user };
  };

  it('a crafted e-mail and identifier pair cannot reach another sharer\'s share user', async () => {
    // victim "v@x.com" shares "aa:bb:cc"; the attacker "v@x.com:aa" shares "bb:cc": the same old name
    await admin.json('POST', '/api/users', { name: 'Victim', email: 'v@x.com', password: 'pass1234' });
    await admin.json('POST', '/api/users', { name: 'Attacker', email: 'v@x.com:aa', password: 'pass1234' });
    const victim = await Client.login(server.base, 'v@x.com', 'pass1234');
    const attacker = await Client.login(server.base, 'v@x.com:aa', 'pass1234');
    const victimDevice = await victim.json('POST', '/api/devices', { name: 'Victim car', uniqueId: 'aa:bb:cc' });
    const attackerDevice = await attacker.json('POST', '/api/devices', { name: 'Attacker car', uniqueId: 'bb:cc' });
    await victim.json('POST', '/tarkan/shares', { deviceId: victimDevice.id, expiration: inHours(2) });
    const share = await attacker.json('POST', '/tarkan/shares', { deviceId: attackerDevice.id, expiration: inHours(2) });
    const { visitor } = await visit(share.token);
    expect((await visitor.json('GET', '/api/devices')).map((d: { id: number }) => d.id)).toEqual([attackerDevice.id]);
  });

  it('revoking one of two links to a device ends that visitor\'s session, token and socket only', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Two links', uniqueId: 'two-links' });
    const first = await admin.json('POST', '/tarkan/shares', { deviceId: device.id, expiration: inHours(1) });
    const second = await admin.json('POST', '/tarkan/shares', { deviceId: device.id, expiration: inHours(1) });
    const { visitor } = await visit(first.token);
    const { visitor: other } = await visit(second.token);
    const socket = visitor.socket();
    await socket.opened;
    const end = closed(socket);
    expect((await admin.request('DELETE', `/tarkan/shares/${first.id}`)).status).toBe(204);
    expect(await end).toBe(4001);
    expect((await visitor.request('GET', '/api/devices')).status).toBe(401);
    expect((await new Client(server.base).request('GET', `/api/session?token=${encodeURIComponent(first.token)}`)).status).toBe(401);
    expect((await fetch(`${server.base}/api/devices`, { headers: { authorization: `Bearer ${first.token}` } })).status).toBe(401);
    // the other link's visitor is untouched
    expect((await other.json('GET', '/api/devices')).map((d: { id: number }) => d.id)).toEqual([device.id]);
  });

  it('a longer link never extends a shorter one', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Short and long', uniqueId: 'short-long' });
    const short = await admin.json('POST', '/tarkan/shares', { deviceId: device.id, expiration: inHours(1) });
    await admin.json('POST', '/tarkan/shares', { deviceId: device.id, expiration: inHours(48) });
    const { user } = await visit(short.token);
    expect(user.expirationTime).toBe(short.expiration);
  });

  it('stores the link token hashed and shows it only when created', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Hashed', uniqueId: 'hashed-token' });
    const share = await admin.json('POST', '/tarkan/shares', { deviceId: device.id, expiration: inHours(1) });
    const row = await server.rastro.db.kysely.selectFrom('tc_shares').selectAll().where('id', '=', share.id).executeTakeFirstOrThrow();
    expect(row.tokenId).toBe(sha256(share.token));
    expect(JSON.stringify(await admin.json('GET', '/tarkan/shares'))).not.toContain(share.token);
    const listed = (await admin.json('GET', '/tarkan/shares')).find((s: { id: number }) => s.id === share.id);
    expect(listed).toEqual({ id: share.id, deviceId: device.id, expiration: share.expiration, createdTime: share.createdTime });
  });

  it('a share visitor cannot mint tokens', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'No tokens', uniqueId: 'no-tokens' });
    const share = await admin.json('POST', '/tarkan/shares', { deviceId: device.id, expiration: inHours(1) });
    const { visitor } = await visit(share.token);
    const response = await visitor.form('/api/session/token', { expiration: '2099-01-01T00:00:00Z' });
    expect([response.status, await response.text()]).toEqual([400, 'Temporary user']);
  });

  it('the share bit of advanced permissions governs creating links', async () => {
    const settings = await admin.setServerAttributes({ 'tarkan.enableAdvancedPerms': true });
    try {
      // bits 8..15 devices (all), bit 25 = extras.create (share)
      const devicesOnly = '00ff0000000000000000000000000000';
      const withShare = '00ff0040000000000000000000000000';
      const user = await admin.json('POST', '/api/users', {
        name: 'No share', email: 'no-share@example.com', password: 'pass1234', attributes: { 'tarkan.advancedPerms': devicesOnly },
      });
      const client = await Client.login(server.base, 'no-share@example.com', 'pass1234');
      const device = await client.json('POST', '/api/devices', { name: 'Mine', uniqueId: 'adv-share' });
      const refused = await client.request('POST', '/tarkan/shares', { deviceId: device.id, expiration: inHours(1) });
      expect([refused.status, await refused.text()]).toEqual([400, 'Operation restricted']);
      const form = await client.form('/api/share/device', { deviceId: String(device.id), expiration: inHours(1) });
      expect(form.status).toBe(400);
      const stored = await admin.json('GET', `/api/users/${user.id}`);
      await admin.json('PUT', `/api/users/${user.id}`, { ...stored, attributes: { ...stored.attributes, 'tarkan.advancedPerms': withShare } });
      expect((await client.request('POST', '/tarkan/shares', { deviceId: device.id, expiration: inHours(1) })).status).toBe(200);
    } finally {
      await admin.json('PUT', '/api/server', settings);
    }
  });
});

describe.each(dialects)('migration 005 on %s: old shares keep working, split and hashed', (dialect) => {
  it('hashes clear tokens in place and gives each old link its own user', async () => {
    const { db, close } = await openTestDatabase(dialect);
    try {
      const k = db.kysely;
      const user = (email: string, temporary: number) => ({
        name: email, email, readonly: 1, administrator: 0, disabled: 0, deviceReadonly: 1, temporary, limitCommands: 1, disableReports: 1,
        fixedEmail: 1, deviceLimit: 0, userLimit: 0, latitude: 0, longitude: 0, zoom: 0, expirationTime: null as number | null, attributes: '{"isShared":true}',
      });
      const sharer = await k.insertInto('tc_users').values(user('owner@x.com', 0)).returning('id').executeTakeFirstOrThrow();
      const device = await k.insertInto('tc_devices').values({ name: 'Old', uniqueId: 'old-1', disabled: 0, attributes: '{}' } as never).returning('id').executeTakeFirstOrThrow();
      // the old layout: one user "<email>:<uniqueId>" for both links, extended to the longer one
      const now = Date.now();
      const shared = await k.insertInto('tc_users').values({ ...user('owner@x.com:old-1', 1), expirationTime: now + 48 * HOUR }).returning('id').executeTakeFirstOrThrow();
      await k.insertInto('tc_user_device').values({ userId: shared.id, deviceId: device.id }).execute();
      const tokens = ['first-clear-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'second-clear-token-bbbbbbbbbbbbbbbbbbbbbbbbbbb', 'minted-by-visitor-ccccccccccccccccccccccccc'];
      const expiries = [now + HOUR, now + 48 * HOUR, now + 1000 * HOUR];
      for (const [i, token] of tokens.entries()) {
        await k.insertInto('tc_tokens').values({ id: sha256(token), userId: shared.id, createdTime: now, expiresTime: expiries[i], revoked: 0 }).execute();
      }
      for (const i of [0, 1]) {
        await k.insertInto('tc_shares').values({ userId: sharer.id, deviceId: device.id, sharedUserId: shared.id, tokenId: tokens[i], expiration: expiries[i], createdTime: now, attributes: '{}' }).execute();
      }
      await k.insertInto('tc_sessions').values({ id: sha256('old-session'), userId: shared.id, createdTime: now, expiresTime: null, origin: null }).execute();

      await splitShareUsers(k);

      const shares = await k.selectFrom('tc_shares').selectAll().orderBy('id').execute();
      expect(shares.map((s) => s.tokenId)).toEqual([sha256(tokens[0]), sha256(tokens[1])]);
      const [first, second] = [await checkToken(k, tokens[0]), await checkToken(k, tokens[1])];
      expect('userId' in first && 'userId' in second).toBe(true);
      if (!('userId' in first) || !('userId' in second)) return;
      expect(first.userId).toBe(shares[0].sharedUserId);
      expect(second.userId).toBe(shares[1].sharedUserId);
      expect(first.userId).not.toBe(second.userId);
      const users = await k.selectFrom('tc_users').selectAll().where('id', 'in', [first.userId, second.userId]).orderBy('id').execute();
      expect(users.map((u) => u.expirationTime)).toEqual([expiries[0], expiries[1]]);
      for (const u of users) {
        expect(u.email).toMatch(/^share-[0-9a-f]{32}@shares\.invalid$/);
        expect(u.hashedPassword).toBeNull();
        const links = await k.selectFrom('tc_user_device').select('deviceId').where('userId', '=', u.id).execute();
        expect(links.map((l) => l.deviceId)).toEqual([device.id]);
      }
      expect(await checkToken(k, tokens[2])).toEqual({ error: 'Token has been revoked' });
      expect(await k.selectFrom('tc_sessions').selectAll().where('userId', '=', shared.id).execute()).toEqual([]);
    } finally {
      await close();
    }
  });
});
