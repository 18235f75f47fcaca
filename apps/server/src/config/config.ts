import path from 'node:path';

/**
 * Typed configuration read from the environment. Every key is documented in
 * docs/configuration.md; keep the two in step.
 */
export interface ProtocolPorts {
  osmand: number;
  gt06: number;
  teltonika: number;
  h02: number;
  suntech: number;
}

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
  /** Directory with the built web app; null = API only. */
  webRoot: string | null;
  /** Web Push (the `firebase` notification channel): on unless RASTRO_PUSH=0. */
  push: PushConfig;
  logLevel: string;
}

export interface PushConfig {
  enabled: boolean;
  /** VAPID `sub` claim: a mailto: or https: contact the push services may use. */
  subject: string;
  /** Accept plain-http subscription endpoints (a push relay in a lab, tests); browsers use https. */
  allowHttp: boolean;
}

type Env = Record<string, string | undefined>;

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
    protocolPorts: {
      osmand: port(env, 'RASTRO_OSMAND_PORT', 5055),
      gt06: port(env, 'RASTRO_GT06_PORT', 5023),
      teltonika: port(env, 'RASTRO_TELTONIKA_PORT', 5027),
      h02: port(env, 'RASTRO_H02_PORT', 5013),
      suntech: port(env, 'RASTRO_SUNTECH_PORT', 5011),
    },
    licenseMode: env.RASTRO_LICENSE_MODE || 'plus',
    licenseDeviceLimit: integer(env, 'RASTRO_LICENSE_DEVICE_LIMIT', 0),
    statusTimeoutSeconds: integer(env, 'RASTRO_STATUS_TIMEOUT', 600, 1),
    sessionTimeoutSeconds: integer(env, 'RASTRO_SESSION_TIMEOUT', 0),
    billingSweepMinutes: integer(env, 'RASTRO_BILLING_SWEEP_MINUTES', 60),
    webRoot,
    push: pushConfig(env, env.RASTRO_ADMIN_EMAIL || 'admin'),
    logLevel: env.RASTRO_LOG_LEVEL || 'info',
  };
}
