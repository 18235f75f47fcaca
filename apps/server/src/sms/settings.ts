import type { Attributes } from '@rastro/api';
import { MASK } from '../domain/secrets.ts';

/**
 * The keys describing an HTTP template gateway: Traccar's HTTP SMS keys (config/Keys.java,
 * `sms.http.*`), and the same under `whatsapp.http.*` for a WhatsApp gateway. Here they are server
 * attributes, so that an administrator sets them in the app, without a restart.
 */
export interface GatewayKeys {
  url: string;
  authorizationHeader: string;
  authorization: string;
  user: string;
  password: string;
  template: string;
}

const gatewayKeys = (prefix: string): GatewayKeys => ({
  url: `${prefix}.url`,
  authorizationHeader: `${prefix}.authorizationHeader`,
  authorization: `${prefix}.authorization`,
  user: `${prefix}.user`,
  password: `${prefix}.password`,
  template: `${prefix}.template`,
});

export const SMS_KEYS = gatewayKeys('sms.http');
export const WHATSAPP_KEYS = gatewayKeys('whatsapp.http');

/** A form body naming Traccar's placeholders, for a gateway configured without a template. */
export const DEFAULT_TEMPLATE = 'phone={phone}&message={message}';

export interface GatewaySettings {
  url: string;
  /** The header carrying the credentials, when the gateway takes any. */
  authorization: { header: string; value: string } | null;
  template: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The gateway the server attributes describe; null (unavailable) without an http(s) URL under `keys.url`. */
export function gatewaySettingsOf(attributes: Attributes, keys: GatewayKeys): GatewaySettings | null {
  const url = text(attributes[keys.url]);
  if (!url || !httpUrl(url)) return null;
  const header = text(attributes[keys.authorizationHeader]) ?? 'Authorization';
  const user = text(attributes[keys.user]);
  const stored = attributes[keys.password];
  const password = typeof stored === 'string' ? stored : null;
  // as Traccar: an explicit authorization wins over user and password
  const value = text(attributes[keys.authorization])
    ?? (user && password !== null ? `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}` : null);
  return { url, authorization: value ? { header, value } : null, template: text(attributes[keys.template]) ?? DEFAULT_TEMPLATE };
}

export const smsSettingsOf = (attributes: Attributes) => gatewaySettingsOf(attributes, SMS_KEYS);

/**
 * Server attributes that configure a channel: `all` are hidden from everyone but administrators
 * (a URL or a template may carry an API key too), `secret` from administrators as well.
 */
export interface ProtectedKeys {
  all: readonly string[];
  secret: readonly string[];
}

export const gatewayProtectedKeys = (keys: GatewayKeys): ProtectedKeys => ({ all: Object.values(keys), secret: [keys.authorization, keys.password] });

export const SMS_PROTECTED = gatewayProtectedKeys(SMS_KEYS);
export const WHATSAPP_PROTECTED = gatewayProtectedKeys(WHATSAPP_KEYS);

/** Several channels' protected keys as one. */
export function protectedKeys(...families: ProtectedKeys[]): ProtectedKeys {
  return { all: families.flatMap((f) => f.all), secret: families.flatMap((f) => f.secret) };
}

/**
 * The server attributes as `GET /api/server` shows them, which anyone may read: the channels'
 * credentials are masked for administrators, and every key of theirs for everyone else. A value is
 * masked, not left out, so that a client saving back what it read keeps it (see keptAttributes).
 */
export function shownAttributes(attributes: Attributes, administrator: boolean, keys: ProtectedKeys): Attributes {
  const hidden = administrator ? keys.secret : keys.all;
  const shown = { ...attributes };
  for (const key of hidden) if (shown[key] !== undefined && shown[key] !== null && shown[key] !== '') shown[key] = MASK;
  return shown;
}

/** The attributes a `PUT /api/server` stores: a protected key sent back masked keeps its stored value. */
export function keptAttributes(incoming: Attributes, stored: Attributes, keys: ProtectedKeys): Attributes {
  const masked = (key: string) => keys.all.includes(key) && incoming[key] === MASK;
  return Object.fromEntries(
    Object.entries(incoming).flatMap(([key, value]) => {
      if (!masked(key)) return [[key, value]];
      // a mask with nothing stored behind it is not a value
      return stored[key] === undefined ? [] : [[key, stored[key]]];
    }),
  );
}
