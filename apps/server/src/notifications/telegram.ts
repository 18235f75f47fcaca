import type { Attributes } from '@rastro/api';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import { GATEWAY_TIMEOUT_MS, postMessage, type SendResult } from '../sms/http-client.ts';
import type { ProtectedKeys } from '../domain/secrets.ts';
import { httpUrl } from '../sms/settings.ts';
import { addressUsers, type Addressed, type Channel } from './deliveries.ts';
import type { Outgoing } from './outgoing.ts';

/**
 * Traccar's NotificatorTelegram keys (config/Keys.java), here server attributes set in the app;
 * `apiUrl` is ours: the Bot API's address, for a self-hosted Bot API server (and the tests).
 */
export const TELEGRAM_KEYS = {
  key: 'notificator.telegram.key',
  chatId: 'notificator.telegram.chatId',
  sendLocation: 'notificator.telegram.sendLocation',
  apiUrl: 'notificator.telegram.apiUrl',
} as const;

/** The user's own chat (Traccar's user attribute); without it, the server's `chatId`. */
export const TELEGRAM_CHAT_ID = 'telegramChatId';

export const TELEGRAM_API_URL = 'https://api.telegram.org';

export const TELEGRAM_PROTECTED: ProtectedKeys = { all: [TELEGRAM_KEYS.key, TELEGRAM_KEYS.chatId, TELEGRAM_KEYS.apiUrl], secret: [TELEGRAM_KEYS.key] };

export interface TelegramSettings {
  /** The bot's token, from @BotFather: `123456:ABC-…`. */
  token: string;
  /** Where messages go for users without a chat of their own. */
  chatId: string | null;
  sendLocation: boolean;
  apiUrl: string;
}

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** A token goes into the URL's path: only the characters bot tokens are made of. */
const TOKEN = /^[A-Za-z0-9:_-]+$/;

/** The bot the server attributes describe; null (Telegram unavailable) without a token. */
export function telegramSettingsOf(attributes: Attributes): TelegramSettings | null {
  const token = text(attributes[TELEGRAM_KEYS.key]);
  if (!token || !TOKEN.test(token)) return null;
  const apiUrl = (text(attributes[TELEGRAM_KEYS.apiUrl]) ?? TELEGRAM_API_URL).replace(/\/+$/, '');
  if (!httpUrl(apiUrl)) return null;
  return { token, chatId: text(attributes[TELEGRAM_KEYS.chatId]), sendLocation: attributes[TELEGRAM_KEYS.sendLocation] === true, apiUrl };
}

export interface TelegramLocation {
  latitude: number;
  longitude: number;
  /** Metres; Telegram takes 0–1500. */
  accuracy: number;
}

/** The Bot API's `description` of an error answer (`{"ok":false,"error_code":400,"description":"Bad Request: chat not found"}`). */
function description(answer: string): string {
  try {
    const parsed = JSON.parse(answer) as { description?: unknown };
    return typeof parsed.description === 'string' ? parsed.description : answer;
  } catch {
    return answer;
  }
}

/**
 * One notification through the Bot API: `sendMessage` with the text, then, when asked and known,
 * `sendLocation` with the event's position (as Traccar). The token never appears in a reason.
 */
export async function sendTelegram(
  settings: TelegramSettings, chatId: string, message: string, location: TelegramLocation | null, timeoutMs = GATEWAY_TIMEOUT_MS,
): Promise<SendResult> {
  const post = async (method: string, body: Record<string, unknown>): Promise<SendResult> => {
    const result = await postMessage(
      { url: `${settings.apiUrl}/bot${settings.token}/${method}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      { timeoutMs, peer: 'Telegram', detail: description },
    );
    return result.ok ? result : { ...result, reason: result.reason.replaceAll(settings.token, '…') };
  };
  const sent = await post('sendMessage', { chat_id: chatId, text: message });
  if (!sent.ok || !location) return sent;
  const accuracy = location.accuracy > 0 && location.accuracy <= 1500 ? { horizontal_accuracy: location.accuracy } : {};
  const placed = await post('sendLocation', { chat_id: chatId, latitude: location.latitude, longitude: location.longitude, ...accuracy });
  // the text is out: a retry would send it twice, so a lost location is reported, not retried
  return placed.ok ? placed : { ok: false, reason: `location not sent: ${placed.reason}`, retry: false };
}

/**
 * The `telegram` channel (Traccar's NotificatorTelegram): the short text in the user's language to
 * his `telegramChatId`, or to the server's chat; with `sendLocation` (the server's, or the user's
 * own attribute of the same name) the event's position follows as a map pin.
 */
export class TelegramChannel implements Channel {
  readonly name = 'telegram';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: ServerSettings,
    private readonly timeoutMs = GATEWAY_TIMEOUT_MS,
  ) {}

  private async current(): Promise<TelegramSettings | null> {
    return telegramSettingsOf(attrs((await this.settings.get()).attributes));
  }

  async available(): Promise<boolean> {
    return (await this.current()) !== null;
  }

  async address(outgoing: Outgoing, userIds: number[]): Promise<Addressed[]> {
    const server = await this.current();
    if (!userIds.length || !server) return [];
    const { event } = outgoing;
    const position = event.positionId
      ? await this.db.selectFrom('tc_positions').select(['latitude', 'longitude', 'accuracy']).where('id', '=', event.positionId).executeTakeFirst()
      : undefined;
    return addressUsers(this.db, outgoing, userIds, (user, texts) => {
      const attributes = attrs(user.attributes);
      const chatId = text(attributes[TELEGRAM_CHAT_ID]) ?? server.chatId;
      if (!chatId) return { userId: user.id, reason: 'no Telegram chat id' };
      const own = attributes[TELEGRAM_KEYS.sendLocation];
      const withLocation = typeof own === 'boolean' ? own : server.sendLocation;
      const location = withLocation && position ? { latitude: position.latitude, longitude: position.longitude, accuracy: position.accuracy } : null;
      const message = texts.short;
      return {
        userId: user.id,
        recipient: chatId,
        send: async () => {
          // a retry goes through the bot as configured by then
          const settings = await this.current();
          if (!settings) return { ok: false, reason: 'Telegram not configured', retry: false };
          return sendTelegram(settings, chatId, message, location, this.timeoutMs);
        },
      };
    });
  }
}
