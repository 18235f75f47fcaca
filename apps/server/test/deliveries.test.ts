import type { Event } from '@rastro/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryLog, type Message, type Timer } from '../src/notifications/deliveries.ts';
import { sendTemplate } from '../src/sms/http-client.ts';
import { WHATSAPP_KEYS, gatewaySettingsOf } from '../src/sms/settings.ts';
import { startHttpGateway } from '../src/sms/testing/http-gateway.ts';
import { postgresAvailable, withDatabase, type Dialect } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const event: Event = {
  id: 77, type: 'alarm', eventTime: new Date().toISOString(), deviceId: 5, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: { alarm: 'sos' },
};

describe.each(dialects)('the delivery log and its retries (%s)', (dialect) => {
  const { db } = withDatabase(dialect);
  let gateway: Awaited<ReturnType<typeof startHttpGateway>>;
  /** The delays the log asked for, in order; each retry then runs at once. */
  let delays: number[] = [];
  const timer: Timer = (run, ms) => {
    delays.push(ms);
    const handle = setTimeout(run, 0);
    return { cancel: () => clearTimeout(handle) };
  };
  const warnings: string[] = [];
  const newLog = () => new DeliveryLog(db.kysely, { attempts: 3, firstDelayMs: 1000 }, { warn: (msg) => warnings.push(msg) }, timer);
  let log: DeliveryLog;

  beforeAll(async () => {
    gateway = await startHttpGateway();
  });
  afterAll(async () => gateway?.close());
  afterEach(async () => {
    log.stop();
    delays = [];
    gateway.received.length = 0;
    gateway.behave({ status: 200 });
    await db.kysely.deleteFrom('tc_notification_deliveries').execute();
  });

  /** A WhatsApp message through the stand-in gateway, as the whatsapp channel makes it. */
  const whatsapp = (userId: number, phone: string): Message => {
    const settings = gatewaySettingsOf({ [WHATSAPP_KEYS.url]: gateway.url, [WHATSAPP_KEYS.template]: '{"to":"{phone}","text":"{message}"}' }, WHATSAPP_KEYS)!;
    return { userId, recipient: phone, send: () => sendTemplate(settings, phone, 'Truck 9: Alarm (sos)') };
  };
  const rows = () => db.kysely.selectFrom('tc_notification_deliveries').selectAll().orderBy('id').execute();

  it('records a message sent at the first attempt', async () => {
    log = newLog();
    expect(await log.send('whatsapp', event, whatsapp(3, '+5511911112222'))).toEqual({ ok: true });
    expect(await rows()).toEqual([expect.objectContaining({
      userId: 3, channel: 'whatsapp', eventType: 'alarm', eventId: 77, deviceId: 5, recipient: '+5511911112222', status: 'sent', reason: null, attempts: 1,
    })]);
    expect(delays).toEqual([]);
  });

  it('retries a failure with exponential backoff, without the caller waiting, until it goes', async () => {
    log = newLog();
    gateway.behave({ status: 503, body: 'busy' }, { status: 503, body: 'still busy' }, { status: 200 });
    // the caller has the first attempt's answer; the row waits for the retries
    expect(await log.send('whatsapp', event, whatsapp(3, '+5511911112222'))).toEqual({ ok: false, reason: 'gateway answered 503: busy', retry: true });
    await expect.poll(async () => (await rows())[0]?.status).toBe('sent');
    expect(delays).toEqual([1000, 2000]);
    expect(gateway.received).toHaveLength(3);
    expect(gateway.received.map((r) => JSON.parse(r.body) as unknown)).toEqual(Array(3).fill({ to: '+5511911112222', text: 'Truck 9: Alarm (sos)' }));
    expect(await rows()).toEqual([expect.objectContaining({ status: 'sent', reason: null, attempts: 3 })]);
  });

  it('gives up after the last attempt and keeps the last reason', async () => {
    log = newLog();
    gateway.behave({ status: 503, body: 'down' }, { status: 502, body: 'bad gateway' }, { status: 500, body: 'broken' });
    await log.send('whatsapp', event, whatsapp(4, '+5511933334444'));
    await expect.poll(async () => (await rows())[0]?.status).toBe('failed');
    expect(await rows()).toEqual([expect.objectContaining({ status: 'failed', reason: 'gateway answered 500: broken', attempts: 3 })]);
    expect(delays).toEqual([1000, 2000]);
    expect(gateway.received).toHaveLength(3);
  });

  it('does not retry a refusal, nor a test message', async () => {
    log = newLog();
    gateway.behave({ status: 401, body: 'Invalid API key' });
    await log.send('whatsapp', event, whatsapp(4, '+55119'));
    gateway.behave({ status: 503 });
    await log.send('whatsapp', event, whatsapp(5, '+55118'), false);
    expect((await rows()).map((r) => [r.userId, r.status, r.reason, r.attempts])).toEqual([
      [4, 'failed', 'gateway answered 401: Invalid API key', 1],
      [5, 'failed', 'gateway answered 503', 1],
    ]);
    expect(delays).toEqual([]);
  });

  it('records what the live bus carried, and users a channel cannot reach', async () => {
    log = newLog();
    await log.recordSent('web', event, [1, 2]);
    await log.recordUnreachable('sms', event, [{ userId: 3, reason: 'no phone number' }]);
    expect((await rows()).map((r) => [r.channel, r.userId, r.status, r.reason, r.attempts])).toEqual([
      ['web', 1, 'sent', null, 1], ['web', 2, 'sent', null, 1], ['sms', 3, 'failed', 'no phone number', 0],
    ]);
  });

  it('drops the retries still waiting when it stops', async () => {
    const held: (() => void)[] = [];
    log = new DeliveryLog(db.kysely, { attempts: 3, firstDelayMs: 1000 }, { warn: () => undefined }, (run) => {
      held.push(run);
      return { cancel: () => held.splice(held.indexOf(run), 1) };
    });
    gateway.behave({ status: 503 });
    await log.send('whatsapp', event, whatsapp(6, '+55117'));
    expect(held).toHaveLength(1);
    log.stop();
    expect(held).toHaveLength(0);
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('prunes old entries and fails the retries a stopped node will never make', async () => {
    log = newLog();
    const now = Date.now();
    const day = 86_400_000;
    const base = { userId: 1, channel: 'sms', eventType: 'alarm', eventId: 1, deviceId: null, recipient: '+55', reason: null, attempts: 1 };
    await db.kysely.insertInto('tc_notification_deliveries').values([
      { ...base, time: now - 40 * day, updatedTime: now - 40 * day, status: 'sent' },
      { ...base, time: now - 2 * day, updatedTime: now - 2 * day, status: 'sent' },
      { ...base, time: now - 3_600_000, updatedTime: now - 3_600_000, status: 'pending', reason: 'gateway answered 503' },
      { ...base, time: now - 1000, updatedTime: now - 1000, status: 'pending', reason: 'gateway answered 503' },
    ]).execute();
    expect(await log.sweep(now, 30 * day)).toEqual({ pruned: 1, abandoned: 1 });
    expect((await rows()).map((r) => [r.status, r.reason])).toEqual([
      ['sent', null],
      ['failed', 'gateway answered 503; not retried: the server stopped'],
      // a retry due any moment stays pending
      ['pending', 'gateway answered 503'],
    ]);
  });
});
