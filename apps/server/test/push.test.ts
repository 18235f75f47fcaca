import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Vapid } from '../src/notifications/vapid.ts';
import { ADMIN, Client, postgresAvailable, reportOsmAnd, startTestServer, type Dialect, type TestServer } from './harness.ts';

/**
 * The `firebase` channel as Web Push, against a real push service on loopback: it checks each
 * request's VAPID signature with the server's public key and decrypts the body as a browser does
 * (RFC 8291), with its own HKDF written out from the RFC, not the sender's code.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

async function startPushService(): Promise<{ base: string; received: Received[]; gone: Set<string>; close: () => Promise<void> }> {
  const received: Received[] = [];
  const gone = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      // RFC 8030 §5: 201 Created for an accepted message; 410 for an expired subscription
      response.writeHead(gone.has(path) ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, received, gone, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What a browser keeps for one subscription: its P-256 key pair and auth secret. */
function newBrowser(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const subscription = { endpoint, expirationTime: null, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } };
  return { ecdh, publicKey, auth, subscription, token: JSON.stringify(subscription) };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2, from the receiving side. */
function decrypt(body: Buffer, browser: ReturnType<typeof newBrowser>): unknown {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(record.length).toBeLessThanOrEqual(recordSize);

  const ecdhSecret = browser.ecdh.computeSecret(asPublic);
  const prkKey = hmac(browser.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info'), Buffer.from([0]), browser.publicKey, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: aes128gcm'), Buffer.from([0, 1])])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: nonce'), Buffer.from([0, 1])])).subarray(0, 12);

  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // strip the padding: zeros, then the last-record delimiter 0x02
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT signed with ES256 by that key. */
function verifyVapid(authorization: string | undefined, endpoint: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  expect(match, `Authorization: ${authorization}`).not.toBeNull();
  const [, header, claims, signature, k] = match!;
  expect(k).toBe(publicKey);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = crypto.verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  expect(valid).toBe(true);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  expect(body.aud).toBe(new URL(endpoint).origin);
  const now = Date.now() / 1000;
  expect(body.exp).toBeGreaterThan(now);
  expect(body.exp).toBeLessThanOrEqual(now + 24 * 3600);
  expect(body.sub).toBe('mailto:frota@example.com');
  return body;
}

for (const dialect of ['sqlite', 'postgres'] as Dialect[]) {
  describe(`Web Push, the firebase channel (${dialect})`, async () => {
    const available = dialect === 'sqlite' || (await postgresAvailable());
    let server: TestServer;
    let admin: Client;
    let push: Awaited<ReturnType<typeof startPushService>>;
    let publicKey: string;
    let driver: { id: number };
    let driverClient: Client;

    const tokensOf = async (userId: number) =>
      (await admin.json<{ id: number; attributes: Record<string, unknown> }[]>('GET', '/api/users')).find((u) => u.id === userId)!.attributes.notificationTokens;

    beforeAll(async () => {
      if (!available) return;
      push = await startPushService();
      server = await startTestServer({ dialect, env: { RASTRO_PUSH_ALLOW_HTTP: '1', RASTRO_PUSH_SUBJECT: 'mailto:frota@example.com' } });
      admin = await Client.login(server.base, ADMIN.email, ADMIN.password);
      driver = await admin.json('POST', '/api/users', { name: 'Motorista', email: 'motorista@frota.example', password: 'pass1234', attributes: { 'tarkan.lang': 'pt-BR' } });
      driverClient = await Client.login(server.base, 'motorista@frota.example', 'pass1234');
    });
    afterAll(async () => {
      await server?.stop();
      await push?.close();
    });

    it.runIf(available)('offers the channel and a VAPID public key kept in the database', async () => {
      expect(await admin.json('GET', '/api/notifications/notificators')).toEqual([{ type: 'web' }, { type: 'firebase' }]);
      const info = await driverClient.json('GET', '/tarkan/push');
      expect(info.enabled).toBe(true);
      const point = Buffer.from(info.publicKey, 'base64url');
      expect([point.length, point[0]]).toEqual([65, 4]);
      publicKey = info.publicKey;
      // another node (or this one after a restart) reads the same key
      expect((await new Vapid(server.rastro.db.kysely, 'mailto:x@example.com').get()).publicKey).toBe(publicKey);
      // not shown as an editable integration, and not public
      expect((await admin.json('GET', '/tarkan/integrations')).map((i: { key: string }) => i.key)).not.toContain('webpush');
      expect((await new Client(server.base).request('GET', '/tarkan/push')).status).toBe(401);
    });

    it.runIf(available)('refuses bad registrations and changes nothing', async () => {
      const browser = newBrowser(`${push.base}/push/refused`);
      const cases: [unknown, number, string][] = [
        [{ userId: driver.id, token: '' }, 400, 'token must not be empty'],
        [{ userId: driver.id, token: '   ' }, 400, 'token must not be empty'],
        [{ userId: driver.id, token: 'x'.repeat(5000) }, 400, 'token'],
        [{ userId: driver.id, token: 'a,b' }, 400, 'commas'],
        [{ userId: driver.id }, 400, 'token'],
        [{ userId: driver.id, token: '{"endpoint":' }, 400, 'not valid JSON'],
        [{ userId: driver.id, token: JSON.stringify({ ...browser.subscription, keys: { ...browser.subscription.keys, p256dh: 'AAAA' } }) }, 400, 'p256dh'],
        [{ userId: driver.id, token: JSON.stringify({ ...browser.subscription, keys: { ...browser.subscription.keys, auth: 'AAAA' } }) }, 400, 'auth'],
        [{ userId: driver.id, token: JSON.stringify({ ...browser.subscription, endpoint: 'ftp://push.example/x' }) }, 400, 'https://'],
        [{ userId: driver.id, token: browser.token, extra: 1 }, 400, 'extra'],
        [{ userId: 1, token: browser.token }, 400, 'User access denied'],
      ];
      for (const [body, status, message] of cases) {
        const response = await driverClient.request('POST', '/tarkan/notification', body);
        expect([response.status, await response.text()]).toEqual([status, expect.stringContaining(message)]);
      }
      const missing = await admin.request('POST', '/tarkan/notification', { userId: 999_999, token: browser.token });
      expect(missing.status).toBe(404);
      expect((await new Client(server.base).request('POST', '/tarkan/notification', { userId: driver.id, token: 'fcm-token' })).status).toBe(401);
      expect(await tokensOf(driver.id)).toBeUndefined();
    });

    it.runIf(available)('encrypts the test notification for each subscription, signs it, and skips Firebase tokens', async () => {
      const browser = newBrowser(`${push.base}/push/driver-laptop`);
      expect((await driverClient.request('POST', '/tarkan/notification', { userId: driver.id, token: 'fcm-phone-token-1' })).status).toBe(204);
      expect((await driverClient.request('POST', '/tarkan/notification', { userId: driver.id, token: browser.token })).status).toBe(204);
      // the same subscription twice is kept once
      expect((await driverClient.request('POST', '/tarkan/notification', { userId: driver.id, token: browser.token })).status).toBe(204);
      const stored = String(await tokensOf(driver.id));
      expect(stored.startsWith('fcm-phone-token-1,{"endpoint":')).toBe(true);
      expect(stored.match(/driver-laptop/g)).toHaveLength(1);

      const before = push.received.length;
      expect((await driverClient.request('POST', '/api/notifications/test')).status).toBe(204);
      await expect.poll(() => push.received.length).toBe(before + 1);
      const message = push.received.at(-1)!;
      expect(message.path).toBe('/push/driver-laptop');
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(message.headers.ttl)).toBeGreaterThan(0);
      expect(message.headers.urgency).toBe('normal');
      verifyVapid(message.headers.authorization, browser.subscription.endpoint, publicKey);
      expect(decrypt(message.body, browser)).toMatchObject({ title: 'Notificação de teste', type: 'test', url: '/home' });
      // the Firebase token was skipped, not dropped
      expect(String(await tokensOf(driver.id))).toContain('fcm-phone-token-1');
    });

    it.runIf(available)('unregisters a subscription by its endpoint and keeps the other tokens', async () => {
      const browser = newBrowser(`${push.base}/push/driver-laptop`);
      // the browser sends its subscription again on unsubscribing; keys may differ, the endpoint decides
      expect((await driverClient.request('DELETE', '/tarkan/notification', { userId: driver.id, token: browser.token })).status).toBe(204);
      expect(await tokensOf(driver.id)).toBe('fcm-phone-token-1');
      // absent already: still fine
      expect((await driverClient.request('DELETE', '/tarkan/notification', { userId: driver.id, token: browser.token })).status).toBe(204);
      expect((await driverClient.request('DELETE', '/tarkan/notification', { userId: driver.id, token: '' })).status).toBe(400);
      expect((await driverClient.request('DELETE', '/tarkan/notification', { userId: driver.id, token: 'fcm-phone-token-1' })).status).toBe(204);
      expect(await tokensOf(driver.id)).toBeUndefined();
    });

    it.runIf(available)('forgets a subscription the push service answers 410 for', async () => {
      const expired = newBrowser(`${push.base}/push/expired`);
      const alive = newBrowser(`${push.base}/push/alive`);
      push.gone.add('/push/expired');
      for (const b of [expired, alive]) {
        expect((await driverClient.request('POST', '/tarkan/notification', { userId: driver.id, token: b.token })).status).toBe(204);
      }
      expect((await driverClient.request('POST', '/api/notifications/test')).status).toBe(204);
      await expect.poll(async () => String(await tokensOf(driver.id))).not.toContain('/push/expired');
      expect(String(await tokensOf(driver.id))).toContain('/push/alive');
      expect(push.received.some((r) => r.path === '/push/expired')).toBe(true);
    });

    it.runIf(available)('delivers an event from a position to the browser (position in, event, push out)', async () => {
      const browser = newBrowser(`${push.base}/push/driver-phone`);
      expect((await driverClient.request('POST', '/tarkan/notification', { userId: driver.id, token: browser.token })).status).toBe(204);
      const device = await admin.json('POST', '/api/devices', { name: 'Caminhão 7', uniqueId: `push-${dialect}` });
      await admin.json('POST', '/api/permissions', { userId: driver.id, deviceId: device.id });
      const rule = await admin.json('POST', '/api/notifications', { type: 'alarm', notificators: 'firebase', attributes: { alarms: 'sos' } });
      await admin.json('POST', '/api/permissions', { userId: driver.id, notificationId: rule.id });
      await admin.json('POST', '/api/permissions', { deviceId: device.id, notificationId: rule.id });

      expect((await reportOsmAnd(server.osmand, { id: `push-${dialect}`, lat: -23.5, lon: -46.6, alarm: 'sos' })).status).toBe(200);
      await expect.poll(() => push.received.find((r) => r.path === '/push/driver-phone'), { timeout: 10_000 }).toBeDefined();
      const message = push.received.find((r) => r.path === '/push/driver-phone')!;
      verifyVapid(message.headers.authorization, browser.subscription.endpoint, publicKey);
      expect(message.headers.urgency).toBe('high');
      const event = await admin.json('GET', `/api/reports/events?deviceId=${device.id}&from=${new Date(Date.now() - 86400_000).toISOString()}&to=${new Date(Date.now() + 86400_000).toISOString()}&type=alarm`);
      expect(decrypt(message.body, browser)).toEqual({
        // the alarm, the time in the user's zone and the address under the title (issue 18)
        title: 'Caminhão 7: Alarme', body: expect.stringMatching(/^sos\nHora: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} \(.+\)\nEndereço: .+, SP$/) as string, tag: `event-${event[0].id}`, url: `/devices/${device.id}`, type: 'alarm', deviceId: device.id, eventId: event[0].id,
      });
    });
  });
}

describe('Web Push turned off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite', env: { RASTRO_PUSH: '0' } });
  });
  afterAll(async () => server?.stop());

  it('offers no firebase channel and refuses subscriptions', async () => {
    const admin = await Client.login(server.base, ADMIN.email, ADMIN.password);
    expect(await admin.json('GET', '/api/notifications/notificators')).toEqual([{ type: 'web' }]);
    expect(await admin.json('GET', '/tarkan/push')).toEqual({ enabled: false, publicKey: null });
    const self = await admin.json('GET', '/api/session');
    const browser = newBrowser('https://push.example/abc');
    const refused = await admin.request('POST', '/tarkan/notification', { userId: self.id, token: browser.token });
    expect([refused.status, await refused.text()]).toEqual([400, 'Web Push is turned off on this server']);
  });
});
