/**
 * Cell-tower and Wi-Fi geolocation (Traccar's `geolocation.*` keys, which Traccar reads from its
 * configuration file only). From the environment, not the server's attributes: the provider's key
 * is a secret, and the server attributes are answered to anyone by the public GET /api/server.
 */

export const GEOLOCATION_TYPES = ['google', 'universal', 'unwired', 'opencellid'] as const;
export type GeolocationType = (typeof GEOLOCATION_TYPES)[number];

export interface GeolocationConfig {
  type: GeolocationType;
  url: string;
  /** The provider's API key (Unwired Labs' token); a `universal` service may need none. */
  key: string | null;
  /** Also locate positions the device marked invalid, not only those without a location. */
  processInvalidPositions: boolean;
  /** A position whose network matches the last position's takes that position's location. */
  reuse: boolean;
  /** Only networks with Wi-Fi access points are located. */
  requireWifi: boolean;
  /** Country and network codes for cells reported without them (as 0). */
  mcc: number | null;
  mnc: number | null;
  timeoutMs: number;
  /** Requests per UTC day before the rest of the day goes unlocated; 0 = no limit. */
  dailyLimit: number;
  cacheSize: number;
  cacheTtlMs: number;
}

/** Where each provider answers unless RASTRO_GEOLOCATION_URL says otherwise (`universal` has no default). */
const DEFAULT_URLS: Record<GeolocationType, string | null> = {
  google: 'https://www.googleapis.com/geolocation/v1/geolocate',
  universal: null,
  unwired: 'https://us1.unwiredlabs.com/v2/process.php',
  // Traccar's default is plain http; the key travels in the query, so https here.
  opencellid: 'https://opencellid.org/cell/get',
};

type Env = Record<string, string | undefined>;
type IntegerReader = (key: string, fallback: number, min?: number, max?: number) => number;

const isType = (value: string): value is GeolocationType => (GEOLOCATION_TYPES as readonly string[]).includes(value);

function url(raw: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {
    // reported below
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new Error(`RASTRO_GEOLOCATION_URL must be an http:// or https:// URL, got "${raw}"`);
  return parsed.href;
}

/** Null when RASTRO_GEOLOCATION names no provider: positions are then never sent anywhere. */
export function geolocationConfig(env: Env, integer: IntegerReader): GeolocationConfig | null {
  const type = env.RASTRO_GEOLOCATION?.trim().toLowerCase() ?? '';
  if (!type) return null;
  if (!isType(type)) throw new Error(`RASTRO_GEOLOCATION must be one of ${GEOLOCATION_TYPES.join(', ')}, got "${type}"`);
  const rawUrl = env.RASTRO_GEOLOCATION_URL?.trim() || DEFAULT_URLS[type];
  if (!rawUrl) throw new Error(`RASTRO_GEOLOCATION_URL is required for the ${type} provider`);
  const key = env.RASTRO_GEOLOCATION_KEY?.trim() || null;
  if (!key && type !== 'universal') throw new Error(`RASTRO_GEOLOCATION_KEY is required for the ${type} provider`);
  const optional = (name: string, max: number): number | null => (env[name]?.trim() ? integer(name, 0, 0, max) : null);
  return {
    type,
    url: url(rawUrl),
    key,
    processInvalidPositions: env.RASTRO_GEOLOCATION_PROCESS_INVALID === '1',
    reuse: env.RASTRO_GEOLOCATION_REUSE === '1',
    requireWifi: env.RASTRO_GEOLOCATION_REQUIRE_WIFI === '1',
    mcc: optional('RASTRO_GEOLOCATION_MCC', 999),
    mnc: optional('RASTRO_GEOLOCATION_MNC', 999),
    timeoutMs: integer('RASTRO_GEOLOCATION_TIMEOUT', 3, 1, 30) * 1000,
    dailyLimit: integer('RASTRO_GEOLOCATION_DAILY_LIMIT', 10_000),
    cacheSize: integer('RASTRO_GEOLOCATION_CACHE_SIZE', 10_000, 1, 1_000_000),
    cacheTtlMs: integer('RASTRO_GEOLOCATION_CACHE_TTL', 86_400, 1, 30 * 86_400) * 1000,
  };
}
