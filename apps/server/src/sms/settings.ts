import type { Attributes } from '@rastro/api';
import type { ProtectedKeys } from '../domain/secrets.ts';

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

/** A gateway's keys are hidden from everyone but administrators (a URL or a template may carry an API key too), its credentials from administrators as well. */
export const gatewayProtectedKeys = (keys: GatewayKeys): ProtectedKeys => ({ all: Object.values(keys), secret: [keys.authorization, keys.password] });

export const SMS_PROTECTED = gatewayProtectedKeys(SMS_KEYS);
export const WHATSAPP_PROTECTED = gatewayProtectedKeys(WHATSAPP_KEYS);
