import path from 'node:path';
import { geocoderConfig, type GeocoderConfig } from './geocoder.ts';
import { geolocationConfig, type GeolocationConfig } from './geolocation.ts';
import { openIdConfig, type OpenIdConfig } from './openid.ts';
import { protocolPorts, type ProtocolPorts } from './protocol-ports.ts';
import { tilesConfig, type TilesConfig } from './tiles.ts';

/**
 * Typed configuration read from the environment. Every key is documented in
 * docs/configuration.md; keep the two in step.
 */
export type { GeocoderConfig, GeolocationConfig, OpenIdConfig, ProtocolPorts, TilesConfig };

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  adminEmail: string;
  adminPassword: string | null;
  demo: boolean;
  demoIntervalMs: number;
  protocolPorts: ProtocolPorts;
  /** Protocols whose frames are stored even with a wrong checksum (RASTRO_ACCEPT_BAD_CRC); `all` for every one. */
  acceptBadCrc: string[];
  /** Value of the `licensemode` header of GET /api/server. */
  licenseMode: string;
  /** Value of the `devicelimit` header of GET /api/server (0 = no licence limit). */
  licenseDeviceLimit: number;
  /** Seconds without a message before a device turns `unknown` (Traccar status.timeout). */
  statusTimeoutSeconds: number;
  /** Session cookie lifetime in seconds (Traccar web.sessionTimeout); 0 = browser session. */
  sessionTimeoutSeconds: number;
  /** Minutes between automatic billing sweeps (invoices, overdue, suspension); 0 = off. */
  billingSweepMinutes: number;
  /** Longest life, in days, of an API token minted by POST /api/session/token (a longer request is cut to it). */
  tokenMaxDays: number;
  /** Longest period, in days, one report or position-history request may cover (Traccar's report.periodLimit). */
  reportMaxDays: number;
  /** Directory with the built web app; null = API only. */
  webRoot: string | null;
  /** The web app's public address (no trailing slash), for links sent by e-mail; null = not set. */
  publicUrl: string | null;
  /** OpenID Connect sign-in; null = off (docs/configuration.md, OpenID Connect). */
  openid: OpenIdConfig | null;
  /** Minutes a lost-password link stays valid. */
  passwordResetMinutes: number;
  /** Seconds before another lost-password mail goes to the same account (no mailbox flooding). */
  passwordResetResendSeconds: number;
  /** Web Push (the `firebase` notification channel): on unless RASTRO_PUSH=0. */
  push: PushConfig;
  /** Retries of failed notifications and the delivery log's lifetime. */
  deliveries: DeliveryConfig;
  /** Sign-in limits, proxies, CORS and framing (docs/configuration.md, Security). */
  security: SecurityConfig;
  /** Cell-tower and Wi-Fi geolocation; null = off (docs/configuration.md, Geolocation). */
  geolocation: GeolocationConfig | null;
  /** Reverse geocoding provider; null = addresses from the offline place data only (docs/configuration.md, Addresses). */
  geocoder: GeocoderConfig | null;
  /** The map tile proxy and the self-hosted basemap (docs/configuration.md, Map tiles). */
  tiles: TilesConfig;
  logLevel: string;
  /** RASTRO_LOG_FORMAT: JSON lines, lines for a person, or `auto` (pretty on a terminal). */
  logFormat: 'json' | 'pretty' | 'auto';
}

export interface PushConfig {
  enabled: boolean;
  /** VAPID `sub` claim: a mailto: or https: contact the push services may use. */
  subject: string;
  /** Accept plain-http subscription endpoints (a push relay in a lab, tests); browsers use https. */
  allowHttp: boolean;
}

export interface DeliveryConfig {
  /** Attempts per message in all (the first included) before it is logged failed. */
  attempts: number;
  /** Milliseconds before the first retry; each later one waits twice as long as the one before. */
  retryDelayMs: number;
  /** Days a delivery log entry is kept. */
  logDays: number;
}

type Env = Record<string, string | undefined>;

export interface SecurityConfig {
  /** Fastify's `trustProxy`: false, true (any proxy), a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Origins (scheme://host[:port]) other sites' pages may call the API from, with credentials. */
  corsOrigins: string[];
  /** CSP `frame-ancestors` sources: who may show the app in a frame. */
  frameAncestors: string[];
  /** Failed sign-ins per account, from all addresses together, within the window before 429; 0 = no limit. */
  loginFailuresPerAccount: number;
  /** Failed sign-ins per account from one client address within the window before 429; 0 = no limit. */
  loginFailuresPerAccountAddress: number;
  /** Failed sign-ins (and token checks) per client address within the window before 429; 0 = no limit. */
  loginFailuresPerAddress: number;
  loginFailureWindowSeconds: number;
}

function trustProxy(raw: string | undefined): SecurityConfig['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((part) => part.trim()).filter(Boolean);
  for (const entry of list) {
    // an address or CIDR, or proxy-addr's names for the private ranges
    if (!/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
      throw new Error(`RASTRO_TRUST_PROXY must be true, a hop count or a comma list of addresses/CIDRs, got "${entry}"`);
    }
  }
  return list;
}

function origins(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((part) => part.trim()).filter(Boolean).map((value) => {
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
      throw new Error(`RASTRO_CORS_ORIGINS must list origins like https://app.example.com, got "${value}"`);
    }
    return url.origin;
  });
}

function securityConfig(env: Env): SecurityConfig {
  const ancestors = (env.RASTRO_FRAME_ANCESTORS ?? "'self'").trim().split(/\s+/).filter(Boolean);
  return {
    trustProxy: trustProxy(env.RASTRO_TRUST_PROXY),
    corsOrigins: origins(env.RASTRO_CORS_ORIGINS),
    frameAncestors: ancestors.length ? ancestors : ["'none'"],
    loginFailuresPerAccount: integer(env, 'RASTRO_LOGIN_FAILURES_PER_ACCOUNT', 100),
    loginFailuresPerAccountAddress: integer(env, 'RASTRO_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS', 10),
    loginFailuresPerAddress: integer(env, 'RASTRO_LOGIN_FAILURES_PER_ADDRESS', 50),
    loginFailureWindowSeconds: integer(env, 'RASTRO_LOGIN_FAILURE_WINDOW', 900, 1, 86400),
  };
}

function pushConfig(env: Env, adminEmail: string): PushConfig {
  const subject = env.RASTRO_PUSH_SUBJECT?.trim() || (adminEmail.includes('@') ? `mailto:${adminEmail}` : 'mailto:admin@localhost');
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error(`RASTRO_PUSH_SUBJECT must be a mailto: or https:// URL, got "${subject}"`);
  return { enabled: env.RASTRO_PUSH !== '0', subject, allowHttp: env.RASTRO_PUSH_ALLOW_HTTP === '1' };
}

function integer(env: Env, key: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${key} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** An http(s) origin with an optional path, kept without its trailing slash. */
function publicUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`RASTRO_PUBLIC_URL must be an http:// or https:// URL, got "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) throw new Error(`RASTRO_PUBLIC_URL must be an http:// or https:// URL without query, got "${value}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function port(env: Env, key: string, fallback: number): number {
  return integer(env, key, fallback, 0, 65535);
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)');
  }
  const webRoot = env.RASTRO_WEB_ROOT === '' ? null : path.resolve(cwd, env.RASTRO_WEB_ROOT ?? 'apps/web/dist');
  return {
    host: env.RASTRO_HOST || '0.0.0.0',
    port: port(env, 'RASTRO_PORT', 8082),
    dataDir: path.resolve(cwd, env.RASTRO_DATA_DIR || './data'),
    databaseUrl,
    redisUrl: env.REDIS_URL?.trim() || null,
    adminEmail: env.RASTRO_ADMIN_EMAIL || 'admin',
    adminPassword: env.RASTRO_ADMIN_PASSWORD || null,
    demo: env.RASTRO_DEMO !== '0',
    demoIntervalMs: integer(env, 'RASTRO_DEMO_INTERVAL_MS', 5000, 200),
    protocolPorts: protocolPorts((key, fallback) => port(env, key, fallback), env.RASTRO_PROTOCOL_PORTS === '0'),
    // names are checked against the protocols that carry a checksum when the listeners start
    acceptBadCrc: (env.RASTRO_ACCEPT_BAD_CRC ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean),
    licenseMode: env.RASTRO_LICENSE_MODE || 'plus',
    licenseDeviceLimit: integer(env, 'RASTRO_LICENSE_DEVICE_LIMIT', 0),
    statusTimeoutSeconds: integer(env, 'RASTRO_STATUS_TIMEOUT', 600, 1),
    sessionTimeoutSeconds: integer(env, 'RASTRO_SESSION_TIMEOUT', 0),
    billingSweepMinutes: integer(env, 'RASTRO_BILLING_SWEEP_MINUTES', 60),
    tokenMaxDays: integer(env, 'RASTRO_TOKEN_MAX_DAYS', 365, 1, 36500),
    reportMaxDays: integer(env, 'RASTRO_REPORT_MAX_DAYS', 93, 1, 3660),
    webRoot,
    publicUrl: publicUrl(env.RASTRO_PUBLIC_URL),
    openid: openIdConfig(env, publicUrl(env.RASTRO_PUBLIC_URL)),
    passwordResetMinutes: integer(env, 'RASTRO_PASSWORD_RESET_MINUTES', 60, 1, 7 * 24 * 60),
    passwordResetResendSeconds: integer(env, 'RASTRO_PASSWORD_RESET_RESEND_SECONDS', 120, 0, 86400),
    push: pushConfig(env, env.RASTRO_ADMIN_EMAIL || 'admin'),
    deliveries: {
      attempts: integer(env, 'RASTRO_NOTIFICATION_ATTEMPTS', 3, 1, 10),
      retryDelayMs: integer(env, 'RASTRO_NOTIFICATION_RETRY_MS', 10_000, 0, 3_600_000),
      logDays: integer(env, 'RASTRO_DELIVERY_LOG_DAYS', 30, 1, 3650),
    },
    security: securityConfig(env),
    geolocation: geolocationConfig(env, (key, fallback, min, max) => integer(env, key, fallback, min, max)),
    geocoder: geocoderConfig(env, (key, fallback, min, max) => integer(env, key, fallback, min, max)),
    tiles: tilesConfig(env, path.resolve(cwd, env.RASTRO_DATA_DIR || './data'), cwd, (key, fallback, min, max) => integer(env, key, fallback, min, max)),
    logLevel: env.RASTRO_LOG_LEVEL || 'info',
    logFormat: logFormat(env.RASTRO_LOG_FORMAT),
  };
}

function logFormat(value: string | undefined): 'json' | 'pretty' | 'auto' {
  const format = value?.trim().toLowerCase() || 'auto';
  if (format === 'json' || format === 'pretty' || format === 'auto') return format;
  throw new Error(`RASTRO_LOG_FORMAT must be json, pretty or auto, not "${value}"`);
}
