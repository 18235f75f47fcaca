import type { DeliveryPage } from '@rastro/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../src/domain/secrets.ts';
import { TELEGRAM_KEYS } from '../src/notifications/telegram.ts';
import { WHATSAPP_KEYS } from '../src/sms/settings.ts';
import { startHttpGateway } from '../src/sms/testing/http-gateway.ts';
import { Client, reportOsmAnd, withServer } from './harness.ts';

const TOKEN = '777000:bot-token_X';

/**
 * The telegram and whatsapp channels through the whole server, each against a real local HTTP
 * server standing in for the provider (the Telegram Bot API, a WhatsApp gateway): configured
 * through the API, reached by an alarm from an OsmAnd report, retried when the provider fails,
 * every message in the delivery log; and the per-channel test buttons.
 */
/** Spanish date and time in São Paulo's zone, then the offline nearest place of the position. */
// on the user's 12-hour clock, as Spanish writes it ("4:04:05 p. m.")
const ALARM_TEXT = /^Truck 9: Alarma \(sos\) · \d{1,2}\/\d{1,2}\/\d{2},? \d{1,2}:\d{2}:\d{2} [ap]\.\s?m\. \(America\/Sao_Paulo\) · São Paulo, SP$/;
const TEST_TEXT = /^Notificación de prueba · \d{1,2}\/\d{1,2}\/\d{2},? \d{1,2}:\d{2}:\d{2} [ap]\.\s?m\. \(America\/Sao_Paulo\)$/;

describe('Telegram and WhatsApp notifications, the delivery log and the test buttons', () => {
  // retries after 20 ms, then 40 ms
  const { server, admin } = withServer({ dialect: 'sqlite', env: { RASTRO_NOTIFICATION_RETRY_MS: '20' } });
  let telegram: Awaited<ReturnType<typeof startHttpGateway>>;
  let whatsapp: Awaited<ReturnType<typeof startHttpGateway>>;
  let user: { id: number };
  let dispatcher: Client;
  beforeAll(async () => {
    telegram = await startHttpGateway();
    whatsapp = await startHttpGateway();
  });
  afterAll(async () => {
    await telegram?.close();
    await whatsapp?.close();
  });

  const notificators = async (client = admin) => (await client.json('GET', '/api/notifications/notificators')).map((n: { type: string }) => n.type) as string[];
  const deliveries = (query: Record<string, string | number>) =>
    admin.json<DeliveryPage>('GET', `/tarkan/deliveries?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`);
  const bodies = (gateway: typeof telegram) => gateway.received.map((r) => ({ path: r.path, body: JSON.parse(r.body) as unknown }));
  const testChannel = async (client: Client, channel: string) => {
    const response = await client.request('POST', `/api/notifications/test/${channel}`);
    return [response.status, await response.text()];
  };

  it('are not offered, and their test buttons answer why, until configured', async () => {
    expect(await notificators()).toEqual(['web', 'firebase']);
    expect(await testChannel(admin, 'telegram')).toEqual([400, 'Telegram not configured']);
    expect(await testChannel(admin, 'whatsapp')).toEqual([400, 'WhatsApp not configured']);
    expect(await testChannel(admin, 'pigeon')).toEqual([400, expect.stringContaining('Invalid request: notificator')]);
  });

  it('are configured in the server attributes, their secrets masked', async () => {
    await admin.setServerAttributes({
      [TELEGRAM_KEYS.key]: TOKEN,
      [TELEGRAM_KEYS.apiUrl]: telegram.origin,
      [TELEGRAM_KEYS.sendLocation]: true,
      [WHATSAPP_KEYS.url]: whatsapp.url,
      [WHATSAPP_KEYS.template]: '{"number": "{phone}", "text": "{message}"}',
      [WHATSAPP_KEYS.authorization]: 'Bearer wa-key',
    });
    const asAdmin = (await admin.json('GET', '/api/server')).attributes as Record<string, unknown>;
    expect(asAdmin).toMatchObject({ [TELEGRAM_KEYS.key]: MASK, [TELEGRAM_KEYS.apiUrl]: telegram.origin, [WHATSAPP_KEYS.url]: whatsapp.url, [WHATSAPP_KEYS.authorization]: MASK });
    const asAnyone = JSON.stringify(await (await fetch(`${server.base}/api/server`)).json());
    for (const secret of [TOKEN, 'wa-key', whatsapp.url, telegram.origin]) expect(asAnyone).not.toContain(secret);
    // saved back as read, masks and all: nothing is lost
    await admin.json('PUT', '/api/server', await admin.json('GET', '/api/server'));
    expect(await notificators()).toEqual(['web', 'firebase', 'telegram', 'whatsapp']);
  });

  it("deliver an alarm to the user's chat and phone, in his language, with the location, and log every message", async () => {
    user = await admin.json('POST', '/api/users', {
      name: 'Despachante', email: 'despachante@example.com', phone: '+5511955556666', password: 'pass1234',
      attributes: { 'tarkan.lang': 'es', telegramChatId: '987654', timezone: 'America/Sao_Paulo', twelveHourFormat: true },
    });
    dispatcher = await Client.login(server.base, 'despachante@example.com', 'pass1234');
    const device = await admin.json('POST', '/api/devices', { name: 'Truck 9', uniqueId: 'channels-1' });
    await admin.json('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    const rule = await admin.json('POST', '/api/notifications', { type: 'alarm', notificators: 'web,telegram,whatsapp', attributes: { alarms: 'sos' } });
    await admin.json('POST', '/api/permissions', { userId: user.id, notificationId: rule.id });
    await admin.json('POST', '/api/permissions', { deviceId: device.id, notificationId: rule.id });

    await reportOsmAnd(server.osmand, { id: 'channels-1', lat: -23.5505, lon: -46.6333, accuracy: 8, alarm: 'sos' });
    await expect.poll(() => telegram.received.length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => whatsapp.received.length, { timeout: 10_000 }).toBe(1);
    expect(bodies(telegram)).toEqual([
      // the device, the alarm, the time in the user's zone and the address, in his language (issue 18)
      { path: `/bot${TOKEN}/sendMessage`, body: { chat_id: '987654', text: expect.stringMatching(ALARM_TEXT) } },
      { path: `/bot${TOKEN}/sendLocation`, body: { chat_id: '987654', latitude: -23.5505, longitude: -46.6333, horizontal_accuracy: 8 } },
    ]);
    expect(bodies(whatsapp)).toEqual([{ path: '/api/sms', body: { number: '+5511955556666', text: expect.stringMatching(ALARM_TEXT) } }]);
    expect(whatsapp.received[0].headers.authorization).toBe('Bearer wa-key');

    // the user's three messages went; the administrator (the rule's creator, who sees the device)
    // had the toast, but has no chat nor phone
    await expect.poll(async () => (await deliveries({ deviceId: device.id })).total).toBe(6);
    const own = await deliveries({ userId: user.id, deviceId: device.id });
    expect(own.items.map((d) => [d.channel, d.status, d.recipient, d.attempts, d.eventType, d.userName, d.deviceName]).sort()).toEqual([
      ['telegram', 'sent', '987654', 1, 'alarm', 'Despachante', 'Truck 9'],
      ['web', 'sent', null, 1, 'alarm', 'Despachante', 'Truck 9'],
      ['whatsapp', 'sent', '+5511955556666', 1, 'alarm', 'Despachante', 'Truck 9'],
    ]);
    const failed = await deliveries({ deviceId: device.id, status: 'failed' });
    expect(failed.items.map((d) => [d.channel, d.reason, d.attempts]).sort()).toEqual([
      ['telegram', 'no Telegram chat id', 0],
      ['whatsapp', 'no phone number', 0],
    ]);
  });

  it('retries a failing gateway with backoff, without holding back the other channels, then logs it failed with the reason', async () => {
    telegram.received.length = 0;
    whatsapp.received.length = 0;
    whatsapp.behave({ status: 503, body: 'Service Unavailable' }, { status: 503, body: 'Service Unavailable' }, { status: 502, body: 'Bad Gateway' });
    try {
      // a new alarm: a report without it in between
      await reportOsmAnd(server.osmand, { id: 'channels-1', lat: -23.551, lon: -46.634 });
      await reportOsmAnd(server.osmand, { id: 'channels-1', lat: -23.552, lon: -46.635, alarm: 'sos' });
      await expect.poll(async () => (await deliveries({ userId: user.id, channel: 'whatsapp', status: 'failed' })).total, { timeout: 10_000 }).toBe(1);
      const [entry] = (await deliveries({ userId: user.id, channel: 'whatsapp', status: 'failed' })).items;
      expect(entry).toMatchObject({ reason: 'gateway answered 502: Bad Gateway', attempts: 3, recipient: '+5511955556666' });
      expect(whatsapp.received).toHaveLength(3);
      // Telegram did not wait for the gateway
      expect(telegram.received.map((r) => r.path)).toEqual([`/bot${TOKEN}/sendMessage`, `/bot${TOKEN}/sendLocation`]);
    } finally {
      whatsapp.behave({ status: 200 });
    }
  });

  it("sends each channel's test message to the caller, answering the provider's reason on failure, and logs it", async () => {
    telegram.received.length = 0;
    expect(await testChannel(dispatcher, 'telegram')).toEqual([204, '']);
    expect(bodies(telegram)).toEqual([{ path: `/bot${TOKEN}/sendMessage`, body: { chat_id: '987654', text: expect.stringMatching(TEST_TEXT) } }]);
    expect(await testChannel(dispatcher, 'whatsapp')).toEqual([204, '']);
    expect(bodies(whatsapp).at(-1)).toEqual({ path: '/api/sms', body: { number: '+5511955556666', text: expect.stringMatching(TEST_TEXT) } });
    expect(await testChannel(dispatcher, 'web')).toEqual([204, '']);

    telegram.behave({ status: 400, body: '{"ok":false,"error_code":400,"description":"Bad Request: chat not found"}' });
    try {
      expect(await testChannel(dispatcher, 'telegram')).toEqual([400, 'Telegram answered 400: Bad Request: chat not found']);
      // the same reason from the all-channels test
      const all = await dispatcher.request('POST', '/api/notifications/test');
      expect([all.status, await all.text()]).toEqual([400, 'Notification failed: Telegram: Telegram answered 400: Bad Request: chat not found']);
    } finally {
      telegram.behave({ status: 200 });
    }
    // the administrator has no phone: the button says so
    expect(await testChannel(admin, 'whatsapp')).toEqual([400, 'no phone number']);

    const tests = await deliveries({ userId: user.id, eventType: 'test' });
    expect(tests.items.map((d) => [d.channel, d.status, d.reason])).toEqual(expect.arrayContaining([
      ['telegram', 'sent', null], ['whatsapp', 'sent', null], ['web', 'sent', null],
      ['telegram', 'failed', 'Telegram answered 400: Bad Request: chat not found'],
    ]));
    expect(tests.items.every((d) => d.eventId === 0 && d.deviceId === null && d.attempts === 1)).toBe(true);
  });

  it('shows the log to administrators only, a page at a time, newest first, filtered', async () => {
    const response = await dispatcher.request('GET', '/tarkan/deliveries');
    expect([response.status, await response.text()]).toEqual([400, 'Administrator access required']);

    const all = await deliveries({});
    expect(all.total).toBeGreaterThan(6);
    const times = all.items.map((d) => Date.parse(d.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await deliveries({ limit: 2, offset: 1 });
    expect([page.total, page.items.map((d) => d.id)]).toEqual([all.total, all.items.slice(1, 3).map((d) => d.id)]);
    const future = await deliveries({ from: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future).toEqual({ total: 0, items: [] });
    expect((await deliveries({ channel: 'telegram', status: 'sent', userId: user.id })).items.every((d) => d.channel === 'telegram' && d.status === 'sent')).toBe(true);
    for (const bad of ['channel=pigeon', 'status=lost', 'limit=501', 'from=yesterday']) {
      expect((await admin.request('GET', `/tarkan/deliveries?${bad}`)).status).toBe(400);
    }
  });
});
