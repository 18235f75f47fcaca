import type { Attributes } from '@rastro/api';
import { MASK } from '../domain/secrets.ts';

/**
 * Traccar's HTTP SMS keys (config/Keys.java), here server attributes so that an administrator
 * sets them in the app, without a restart.
 */
export const SMS_KEYS = {
  url: 'sms.http.url',
  authorizationHeader: 'sms.http.authorizationHeader',
  authorization: 'sms.http.authorization',
  user: 'sms.http.user',
  password: 'sms.http.password',
  template: 'sms.http.template',
} as const;

const ALL_KEYS: readonly string[] = Object.values(SMS_KEYS);
const SECRET_KEYS: readonly string[] = [SMS_KEYS.authorization, SMS_KEYS.password];

/** A form body naming Traccar's placeholders, for a gateway configured without a template. */
export const DEFAULT_TEMPLATE = 'phone={phone}&message={message}';

export interface SmsSettings {
  url: string;
  /** The header carrying the credentials, when the gateway takes any. */
  authorization: { header: string; value: string } | null;
  template: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The gateway the server attributes describe; null (SMS unavailable) without an http(s) `sms.http.url`. */
export function smsSettingsOf(attributes: Attributes): SmsSettings | null {
  const url = text(attributes[SMS_KEYS.url]);
  if (!url || !httpUrl(url)) return null;
  const header = text(attributes[SMS_KEYS.authorizationHeader]) ?? 'Authorization';
  const user = text(attributes[SMS_KEYS.user]);
  const stored = attributes[SMS_KEYS.password];
  const password = typeof stored === 'string' ? stored : null;
  // as Traccar: an explicit authorization wins over user and password
  const value = text(attributes[SMS_KEYS.authorization])
    ?? (user && password !== null ? `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}` : null);
  return { url, authorization: value ? { header, value } : null, template: text(attributes[SMS_KEYS.template]) ?? DEFAULT_TEMPLATE };
}

/**
 * The server attributes as `GET /api/server` shows them, which anyone may read: the gateway's
 * credentials are masked for administrators, and every gateway key for everyone else (a URL or a
 * template may carry an API key too). A value is masked, not left out, so that a client saving
 * back what it read keeps it (see keptSmsAttributes).
 */
export function shownSmsAttributes(attributes: Attributes, administrator: boolean): Attributes {
  const hidden = administrator ? SECRET_KEYS : ALL_KEYS;
  const shown = { ...attributes };
  for (const key of hidden) if (shown[key] !== undefined && shown[key] !== null && shown[key] !== '') shown[key] = MASK;
  return shown;
}

/** The attributes a `PUT /api/server` stores: a gateway key sent back masked keeps its stored value. */
export function keptSmsAttributes(incoming: Attributes, stored: Attributes): Attributes {
  const masked = (key: string) => ALL_KEYS.includes(key) && incoming[key] === MASK;
  return Object.fromEntries(
    Object.entries(incoming).flatMap(([key, value]) => {
      if (!masked(key)) return [[key, value]];
      // a mask with nothing stored behind it is not a value
      return stored[key] === undefined ? [] : [[key, stored[key]]];
    }),
  );
}
