import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendTemplate as sendSms } from './http-client.ts';
import { SMS_KEYS, smsSettingsOf, type GatewaySettings } from './settings.ts';
import { startHttpGateway } from './testing/http-gateway.ts';

describe('the HTTP template client (SMS, WhatsApp), against a real local gateway', () => {
  let gateway: Awaited<ReturnType<typeof startHttpGateway>>;
  beforeAll(async () => {
    gateway = await startHttpGateway();
  });
  afterAll(async () => gateway.close());
  afterEach(() => {
    gateway.received.length = 0;
    gateway.behave({ status: 200 });
  });

  const settings = (attributes: Record<string, string>): GatewaySettings => {
    const parsed = smsSettingsOf({ [SMS_KEYS.url]: gateway.url, ...attributes });
    if (!parsed) throw new Error('not configured');
    return parsed;
  };

  it('posts a JSON template with phone and message filled in and escaped, and the authorization header', async () => {
    const sms = settings({
      [SMS_KEYS.template]: '{"to": "{phone}", "text": "{message}", "sender": "Frota"}',
      [SMS_KEYS.authorization]: 'Bearer gw-token',
    });
    const message = 'Caminhão 9: "Alarme"\nsos {phone}';
    expect(await sendSms(sms, '+5511987654321', message)).toEqual({ ok: true });

    expect(gateway.received).toHaveLength(1);
    const [request] = gateway.received;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/sms');
    expect(request.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(request.headers.authorization).toBe('Bearer gw-token');
    // the message's own "{phone}" is text, not a placeholder
    expect(JSON.parse(request.body)).toEqual({ to: '+5511987654321', text: message, sender: 'Frota' });
  });

  it('posts a form body, with Basic credentials from user and password', async () => {
    const sms = settings({ [SMS_KEYS.template]: 'number={phone}&msg={message}&route=1', [SMS_KEYS.user]: 'frota', [SMS_KEYS.password]: 'pa:ss' });
    expect(await sendSms(sms, '+55 11 98765-4321', 'Ignição ligada & 100% ok')).toEqual({ ok: true });

    const [request] = gateway.received;
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('frota:pa:ss').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({ number: '+55 11 98765-4321', msg: 'Ignição ligada & 100% ok', route: '1' });
  });

  it('sends the credentials under the header the gateway names, and escapes an XML template', async () => {
    const sms = settings({
      [SMS_KEYS.template]: '<sms><to>{phone}</to><body>{message}</body></sms>',
      [SMS_KEYS.authorizationHeader]: 'X-API-TOKEN',
      [SMS_KEYS.authorization]: 'k-123',
    });
    expect(await sendSms(sms, '5511', 'a < b & "c"')).toEqual({ ok: true });

    const [request] = gateway.received;
    expect(request.headers['content-type']).toBe('application/xml; charset=UTF-8');
    expect(request.headers['x-api-token']).toBe('k-123');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body).toBe('<sms><to>5511</to><body>a &lt; b &amp; &quot;c&quot;</body></sms>');
  });

  it("reports the gateway's refusal with its status and answer", async () => {
    gateway.behave({ status: 401, body: 'Invalid API key\n' });
    expect(await sendSms(settings({}), '5511', 'hi')).toEqual({ ok: false, reason: 'gateway answered 401: Invalid API key', retry: false });
    gateway.behave({ status: 503, body: 'x'.repeat(1000) });
    const result = await sendSms(settings({}), '5511', 'hi');
    expect(result).toMatchObject({ ok: false, retry: true });
    expect(!result.ok && result.reason.length).toBeLessThan(240);
  });

  it('does not follow a redirect, which would drop the message', async () => {
    gateway.behave({ status: 302 });
    expect(await sendSms(settings({}), '5511', 'hi')).toEqual({ ok: false, reason: 'gateway answered 302', retry: false });
    expect(gateway.received).toHaveLength(1);
  });

  it('gives up on a gateway that does not answer in time', async () => {
    gateway.behave('silent');
    expect(await sendSms(settings({}), '5511', 'hi', 200)).toEqual({ ok: false, reason: 'gateway did not answer within 200 ms', retry: true });
    expect(gateway.received).toHaveLength(1);
  });

  it('reports a gateway that cannot be reached', async () => {
    // a port just freed: nothing listens there
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const sms = smsSettingsOf({ [SMS_KEYS.url]: `http://127.0.0.1:${port}/send` });
    expect(await sendSms(sms!, '5511', 'hi')).toEqual({ ok: false, reason: 'gateway request failed: ECONNREFUSED', retry: true });
  });
});
