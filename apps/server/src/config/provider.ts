/**
 * The part every paid outside provider (reverse geocoder, cell-tower geolocation) is configured by
 * in the same way: which one, where it answers, its key, and how hard it may be used. Each key is
 * read as `<prefix>`, `<prefix>_URL`, `<prefix>_KEY`, `<prefix>_TIMEOUT` and so on.
 */

export type Env = Record<string, string | undefined>;
export type IntegerReader = (key: string, fallback: number, min?: number, max?: number) => number;

export interface ProviderConfig<T extends string> {
  type: T;
  url: string;
  /** The provider's API key; null only for the provider that needs none. */
  key: string | null;
  timeoutMs: number;
  /** Requests per UTC day before the rest of the day is answered without the provider; 0 = no limit. */
  dailyLimit: number;
  cacheSize: number;
  cacheTtlMs: number;
}

export interface ProviderSpec<T extends string> {
  /** The environment key naming the provider, e.g. RASTRO_GEOCODER. */
  prefix: string;
  types: readonly T[];
  /** Where each provider answers unless `<prefix>_URL` says otherwise; null = that URL is required. */
  defaultUrls: Record<T, string | null>;
  /** The one provider that can run without a key (a self-hosted service). */
  keyless: T;
  timeoutSeconds: number;
  dailyLimit: number;
  cacheTtlSeconds: number;
}

/** Null when `<prefix>` names no provider: then nothing is ever sent anywhere. */
export function providerConfig<T extends string>(env: Env, integer: IntegerReader, spec: ProviderSpec<T>): ProviderConfig<T> | null {
  const { prefix } = spec;
  const type = env[prefix]?.trim().toLowerCase() ?? '';
  if (!type) return null;
  if (!isOneOf(spec.types, type)) throw new Error(`${prefix} must be one of ${spec.types.join(', ')}, got "${type}"`);
  const rawUrl = env[`${prefix}_URL`]?.trim() || spec.defaultUrls[type];
  if (!rawUrl) throw new Error(`${prefix}_URL is required for the ${type} provider`);
  const key = env[`${prefix}_KEY`]?.trim() || null;
  if (!key && type !== spec.keyless) throw new Error(`${prefix}_KEY is required for the ${type} provider`);
  return {
    type,
    url: httpUrl(`${prefix}_URL`, rawUrl),
    key,
    timeoutMs: integer(`${prefix}_TIMEOUT`, spec.timeoutSeconds, 1, 30) * 1000,
    dailyLimit: integer(`${prefix}_DAILY_LIMIT`, spec.dailyLimit),
    cacheSize: integer(`${prefix}_CACHE_SIZE`, 10_000, 1, 1_000_000),
    cacheTtlMs: integer(`${prefix}_CACHE_TTL`, spec.cacheTtlSeconds, 1, 30 * 86_400) * 1000,
  };
}

function isOneOf<T extends string>(types: readonly T[], value: string): value is T {
  return (types as readonly string[]).includes(value);
}

function httpUrl(name: string, raw: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {
    // reported below
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new Error(`${name} must be an http:// or https:// URL, got "${raw}"`);
  return parsed.href;
}
