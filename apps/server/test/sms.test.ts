import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../src/domain/secrets.ts';
import { SMS_KEYS } from '../src/sms/settings.ts';
import { startHttpGateway } from '../src/sms/testing/http-gateway.ts';
import { Client, reportOsmAnd, withServer } from './harness.ts';

describe('SMS through an HTTP gateway (sms.http.*)', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  let gateway: Awaited<ReturnType<typeof startHttpGateway>>;
  beforeAll(async () => {
    gateway = await startHttpGateway();
  });
  afterAll(async () => gateway?.close());

  const anonymousServer = async () => (await fetch(`${server.base}/api/server`)).json() as Promise<{ textEnabled: boolean; attributes: Record<string, unknown> }>;
  const sendCommand = (body: unknown) => admin.request('POST', '/api/commands/send', body);
  const lastSms = () => JSON.parse(gateway.received.at(-1)!.body) as { to: string; text: string };

  it('is unavailable until a gateway is configured', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Tracker 0', uniqueId: 'sms-0', phone: '+5511900000000' });
    expect((await admin.json('GET', '/api/server')).textEnabled).toBe(false);
    expect((await admin.json('GET', '/api/notifications/notificators')).map((n: { type: string }) => n.type)).not.toContain('sms');
    const response = await sendCommand({ deviceId: device.id, type: 'custom', textChannel: true, attributes: { data: 'STATUS#' } });
    expect([response.status, await response.text()]).toEqual([400, 'SMS not configured']);
    // the text channel carries custom commands to any device
    expect(await admin.json('GET', `/api/commands/types?deviceId=${device.id}&textChannel=true`)).toEqual([{ type: 'custom' }]);
  });

  it('is configured in the server attributes, whose gateway keys only administrators read (credentials masked)', async () => {
    await admin.setServerAttributes({
      [SMS_KEYS.url]: gateway.url,
      [SMS_KEYS.template]: '{"to": "{phone}", "text": "{message}"}',
      [SMS_KEYS.authorization]: 'Bearer gw-token',
    });
    const asAdmin = await admin.json('GET', '/api/server');
    expect(asAdmin.textEnabled).toBe(true);
    expect(asAdmin.attributes).toMatchObject({ [SMS_KEYS.url]: gateway.url, [SMS_KEYS.authorization]: MASK });

    const asAnyone = await anonymousServer();
    expect(asAnyone.textEnabled).toBe(true);
    expect(JSON.stringify(asAnyone)).not.toContain('gw-token');
    expect(JSON.stringify(asAnyone)).not.toContain(gateway.url);
    // a client that read the server before signing in saves the masks back: the gateway stays
    await admin.json('PUT', '/api/server', asAnyone);
    expect((await admin.json('GET', '/api/server')).attributes[SMS_KEYS.url]).toBe(gateway.url);
    expect((await admin.json('GET', '/api/notifications/notificators')).map((n: { type: string }) => n.type)).toEqual(['web', 'firebase', 'sms']);
  });

  it("sends a textChannel command's text to the device's phone, now and not queued", async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Tracker 1', uniqueId: 'sms-1', phone: ' +5511911112222 ' });
    const response = await sendCommand({ deviceId: device.id, type: 'custom', textChannel: true, attributes: { data: 'WHERE,{uniqueId}#' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ deviceId: device.id, type: 'custom', textChannel: true });

    expect(gateway.received).toHaveLength(1);
    const [request] = gateway.received;
    expect([request.method, request.path, request.headers.authorization, request.headers['content-type']])
      .toEqual(['POST', '/api/sms', 'Bearer gw-token', 'application/json; charset=UTF-8']);
    expect(lastSms()).toEqual({ to: '+5511911112222', text: 'WHERE,sms-1#' });
    // nothing waits in the queue for the device's next report
    expect(await (await reportOsmAnd(server.osmand, { id: 'sms-1', lat: -23.5, lon: -46.6 })).text()).toBe('');

    // a saved text-channel command is listed for the device and goes the same way
    const saved = await admin.json('POST', '/api/commands', { description: 'Status by SMS', type: 'custom', textChannel: true, attributes: { data: 'STATUS#' } });
    expect((await admin.json('GET', `/api/commands/send?deviceId=${device.id}`)).map((c: { id: number }) => c.id)).toContain(saved.id);
    expect((await sendCommand({ id: saved.id, deviceId: device.id })).status).toBe(200);
    expect(lastSms()).toEqual({ to: '+5511911112222', text: 'STATUS#' });
  });

  it('answers 400 with the reason when the SMS cannot go', async () => {
    const phoneless = await admin.json('POST', '/api/devices', { name: 'No SIM', uniqueId: 'sms-2' });
    const device = await admin.json('POST', '/api/devices', { name: 'Tracker 3', uniqueId: 'sms-3', phone: '+5511933334444' });
    const before = gateway.received.length;
    for (const [body, message] of [
      [{ deviceId: phoneless.id, type: 'custom', textChannel: true, attributes: { data: 'X' } }, 'Device has no phone number'],
      [{ deviceId: device.id, type: 'engineStop', textChannel: true }, 'Command engineStop is not supported'],
    ] as const) {
      const response = await sendCommand(body);
      expect([response.status, await response.text()]).toEqual([400, message]);
    }
    expect(gateway.received).toHaveLength(before);

    gateway.behave({ status: 402, body: 'Insufficient credit' });
    try {
      const response = await sendCommand({ deviceId: device.id, type: 'custom', textChannel: true, attributes: { data: 'X' } });
      expect([response.status, await response.text()]).toEqual([400, 'SMS not sent: gateway answered 402: Insufficient credit']);
    } finally {
      gateway.behave({ status: 200 });
    }
  });

  it("delivers an event through the sms notificator to the user's phone, in the user's language", async () => {
    const user = await admin.json('POST', '/api/users', {
      name: 'Dispatcher', email: 'dispatcher-sms@example.com', phone: '+5511955556666', password: 'pass1234', attributes: { 'tarkan.lang': 'en-US' },
    });
    const device = await admin.json('POST', '/api/devices', { name: 'Truck 9', uniqueId: 'sms-4' });
    await admin.json('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    const rule = await admin.json('POST', '/api/notifications', { type: 'alarm', notificators: 'sms', attributes: { alarms: 'sos' } });
    await admin.json('POST', '/api/permissions', { userId: user.id, notificationId: rule.id });
    await admin.json('POST', '/api/permissions', { deviceId: device.id, notificationId: rule.id });
    const before = gateway.received.length;

    await reportOsmAnd(server.osmand, { id: 'sms-4', lat: -23.5, lon: -46.6, alarm: 'sos' });
    // the administrator, who made the rule and sees the device too, has no phone: one message
    await expect.poll(() => gateway.received.length, { timeout: 10_000 }).toBe(before + 1);
    // the device, the alarm, the time in the server's zone (the user has none) in English on a 24-hour
    // clock (no twelveHourFormat), and the address (issue 18)
    expect(lastSms()).toEqual({ to: '+5511955556666', text: expect.stringMatching(/^Truck 9: Alarm \(sos\) · \d{1,2}\/\d{1,2}\/\d{2}, \d{2}:\d{2}:\d{2} \(.+\) · .+, SP$/) });

    const dispatcher = await Client.login(server.base, 'dispatcher-sms@example.com', 'pass1234');
    expect((await dispatcher.request('POST', '/api/notifications/test')).status).toBe(204);
    expect(lastSms()).toEqual({ to: '+5511955556666', text: expect.stringMatching(/^Test notification · \d{1,2}\/\d{1,2}\/\d{2}, .+ \(.+\)$/) });
  });

  it("writes to a user without a language in the server's tarkan.lang (spec §3: the default language)", async () => {
    await admin.json('POST', '/api/users', { name: 'No Language', email: 'nolang-sms@example.com', phone: '+5511977778888', password: 'pass1234' });
    const user = await Client.login(server.base, 'nolang-sms@example.com', 'pass1234');
    const testText = async () => {
      expect((await user.request('POST', '/api/notifications/test')).status).toBe(204);
      return lastSms().text;
    };
    expect(await testText()).toMatch(/^Notificação de teste · /);
    const current = await admin.setServerAttributes({ 'tarkan.lang': 'es' });
    try {
      expect(await testText()).toMatch(/^Notificación de prueba · /);
    } finally {
      await admin.json('PUT', '/api/server', current);
    }
  });

  it('is unavailable again once the gateway is removed from the settings', async () => {
    const current = await admin.json('GET', '/api/server');
    const attributes = Object.fromEntries(Object.entries(current.attributes as Record<string, unknown>).filter(([key]) => !key.startsWith('sms.')));
    await admin.json('PUT', '/api/server', { ...current, attributes });
    expect((await anonymousServer()).textEnabled).toBe(false);
    expect((await admin.json('GET', '/api/notifications/notificators')).map((n: { type: string }) => n.type)).toEqual(['web', 'firebase']);
  });
});
