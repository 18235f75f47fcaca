import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MASK, keptAttributes, shownAttributes } from '../domain/secrets.ts';
import { startHttpGateway } from '../sms/testing/http-gateway.ts';
import { TELEGRAM_API_URL, TELEGRAM_KEYS, TELEGRAM_PROTECTED, sendTelegram, telegramSettingsOf, type TelegramSettings } from './telegram.ts';

const TOKEN = '123456:AAE-bot_token';

describe('Telegram settings (server attributes, Traccar notificator.telegram.*)', () => {
  it('need a bot token; the Bot API is Telegram’s unless another address is given', () => {
    expect(telegramSettingsOf({})).toBeNull();
    expect(telegramSettingsOf({ [TELEGRAM_KEYS.key]: ' ' })).toBeNull();
    // a token goes into the URL's path: nothing that would change the path or the host
    expect(telegramSettingsOf({ [TELEGRAM_KEYS.key]: '123/../x' })).toBeNull();
    expect(telegramSettingsOf({ [TELEGRAM_KEYS.key]: TOKEN, [TELEGRAM_KEYS.apiUrl]: 'ftp://bots.example' })).toBeNull();
    expect(telegramSettingsOf({ [TELEGRAM_KEYS.key]: ` ${TOKEN} ` })).toEqual({ token: TOKEN, chatId: null, sendLocation: false, apiUrl: TELEGRAM_API_URL });
    expect(telegramSettingsOf({
      [TELEGRAM_KEYS.key]: TOKEN, [TELEGRAM_KEYS.chatId]: -1001234, [TELEGRAM_KEYS.sendLocation]: true, [TELEGRAM_KEYS.apiUrl]: 'http://bots.local:8081/',
    })).toEqual({ token: TOKEN, chatId: '-1001234', sendLocation: true, apiUrl: 'http://bots.local:8081' });
  });

  it('are masked in the public server settings: the token even for administrators', () => {
    const stored = { [TELEGRAM_KEYS.key]: TOKEN, [TELEGRAM_KEYS.chatId]: '-1001234', [TELEGRAM_KEYS.sendLocation]: true };
    expect(shownAttributes(stored, true, TELEGRAM_PROTECTED)).toEqual({ ...stored, [TELEGRAM_KEYS.key]: MASK });
    expect(shownAttributes(stored, false, TELEGRAM_PROTECTED)).toEqual({ [TELEGRAM_KEYS.key]: MASK, [TELEGRAM_KEYS.chatId]: MASK, [TELEGRAM_KEYS.sendLocation]: true });
    expect(keptAttributes(shownAttributes(stored, false, TELEGRAM_PROTECTED), stored, TELEGRAM_PROTECTED)).toEqual(stored);
  });
});

describe('the Telegram Bot API client, against a real local stand-in', () => {
  let api: Awaited<ReturnType<typeof startHttpGateway>>;
  let bot: TelegramSettings;
  beforeAll(async () => {
    api = await startHttpGateway();
    bot = { token: TOKEN, chatId: null, sendLocation: false, apiUrl: api.origin };
  });
  afterAll(async () => api.close());
  afterEach(() => {
    api.received.length = 0;
    api.behave({ status: 200 });
  });

  it('posts sendMessage as JSON to /bot<token>/', async () => {
    api.behave({ status: 200, body: '{"ok":true,"result":{"message_id":7}}' });
    expect(await sendTelegram(bot, '-1001234', 'Caminhão 9: Alarme (sos)', null)).toEqual({ ok: true });
    expect(api.received).toHaveLength(1);
    const [request] = api.received;
    expect([request.method, request.path, request.headers['content-type']]).toEqual(['POST', `/bot${TOKEN}/sendMessage`, 'application/json']);
    expect(JSON.parse(request.body)).toEqual({ chat_id: '-1001234', text: 'Caminhão 9: Alarme (sos)' });
  });

  it('follows with sendLocation when asked, with the accuracy Telegram takes', async () => {
    expect(await sendTelegram(bot, '42', 'Truck: Alarm', { latitude: -23.55, longitude: -46.63, accuracy: 12 })).toEqual({ ok: true });
    expect(api.received.map((r) => r.path)).toEqual([`/bot${TOKEN}/sendMessage`, `/bot${TOKEN}/sendLocation`]);
    expect(JSON.parse(api.received[1].body)).toEqual({ chat_id: '42', latitude: -23.55, longitude: -46.63, horizontal_accuracy: 12 });
    // an accuracy Telegram refuses (none, or above 1500 m) is left out
    await sendTelegram(bot, '42', 'x', { latitude: 1, longitude: 2, accuracy: 0 });
    expect(JSON.parse(api.received[3].body)).toEqual({ chat_id: '42', latitude: 1, longitude: 2 });
  });

  it("reports the Bot API's refusal by its description, not retried, and never shows the token", async () => {
    api.behave({ status: 400, body: `{"ok":false,"error_code":400,"description":"Bad Request: chat not found"}` });
    expect(await sendTelegram(bot, '1', 'x', { latitude: 1, longitude: 2, accuracy: 5 }))
      .toEqual({ ok: false, reason: 'Telegram answered 400: Bad Request: chat not found', retry: false });
    // no location after a text that did not go
    expect(api.received).toHaveLength(1);

    api.behave({ status: 401, body: `Unauthorized: bot ${TOKEN} unknown` });
    const refused = await sendTelegram(bot, '1', 'x', null);
    expect(refused).toEqual({ ok: false, reason: 'Telegram answered 401: Unauthorized: bot … unknown', retry: false });
  });

  it('asks for a retry when Telegram is busy, down or slow', async () => {
    api.behave({ status: 429, body: '{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 5"}' });
    expect(await sendTelegram(bot, '1', 'x', null)).toEqual({ ok: false, reason: 'Telegram answered 429: Too Many Requests: retry after 5', retry: true });
    api.behave({ status: 502, body: '<html>Bad Gateway</html>' });
    expect(await sendTelegram(bot, '1', 'x', null)).toMatchObject({ ok: false, retry: true });
    api.behave('silent');
    expect(await sendTelegram(bot, '1', 'x', null, 200)).toEqual({ ok: false, reason: 'Telegram did not answer within 200 ms', retry: true });
  });

  it('reports a lost location without a retry, which would send the text twice', async () => {
    api.behave({ status: 200 }, { status: 500, body: '{"ok":false,"description":"Internal Server Error"}' });
    expect(await sendTelegram(bot, '1', 'x', { latitude: 1, longitude: 2, accuracy: 0 }))
      .toEqual({ ok: false, reason: 'location not sent: Telegram answered 500: Internal Server Error', retry: false });
  });
});
