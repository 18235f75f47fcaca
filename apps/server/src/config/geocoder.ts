/**
 * Reverse geocoding (Traccar's `geocoder.*` keys, which Traccar reads from its configuration file
 * only). From the environment, as the cell-tower geolocation is: the provider's key is a secret
 * that costs money, and the server attributes are answered to anyone by the public
 * GET /api/server. Without a provider, addresses come from the offline place data alone.
 */

export const GEOCODER_TYPES = ['nominatim', 'locationiq', 'google', 'opencage'] as const;
export type GeocoderType = (typeof GEOCODER_TYPES)[number];

/** Traccar's AddressFormat default: house and road, town, state, country. */
export const DEFAULT_ADDRESS_FORMAT = '%h %r, %t, %s, %c';

export interface GeocoderConfig {
  type: GeocoderType;
  url: string;
  /** The provider's API key; Nominatim needs none (a self-hosted one), the others do. */
  key: string | null;
  /** The language asked of the provider; null = the language of the user who asks. */
  language: string | null;
  /** Traccar's address format: %h house, %r road, %u suburb, %t town, %d district, %s state, %c country, %p postcode, %f the provider's whole text. */
  format: string;
  timeoutMs: number;
  /** Requests per UTC day before the rest of the day is answered from the place data; 0 = no limit. */
  dailyLimit: number;
  cacheSize: number;
  cacheTtlMs: number;
  /** Traccar's `geocoder.onRequest`: report rows get their addresses when the report is built. */
  onRequest: boolean;
  /** New (uncached) provider requests one report may make; its other rows are geocoded when shown. */
  reportLimit: number;
}

/** Where each provider answers unless RASTRO_GEOCODER_URL says otherwise. */
const DEFAULT_URLS: Record<GeocoderType, string> = {
  nominatim: 'https://nominatim.openstreetmap.org/reverse',
  locationiq: 'https://us1.locationiq.com/v1/reverse',
  google: 'https://maps.googleapis.com/maps/api/geocode/json',
  opencage: 'https://api.opencagedata.com/geocode/v1/json',
};

type Env = Record<string, string | undefined>;
type IntegerReader = (key: string, fallback: number, min?: number, max?: number) => number;

const isType = (value: string): value is GeocoderType => (GEOCODER_TYPES as readonly string[]).includes(value);

function url(raw: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {
    // reported below
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new Error(`RASTRO_GEOCODER_URL must be an http:// or https:// URL, got "${raw}"`);
  return parsed.href;
}

/** Null when RASTRO_GEOCODER names no provider: addresses then come from the place data only, and nothing is sent anywhere. */
export function geocoderConfig(env: Env, integer: IntegerReader): GeocoderConfig | null {
  const type = env.RASTRO_GEOCODER?.trim().toLowerCase() ?? '';
  if (!type) return null;
  if (!isType(type)) throw new Error(`RASTRO_GEOCODER must be one of ${GEOCODER_TYPES.join(', ')}, got "${type}"`);
  const key = env.RASTRO_GEOCODER_KEY?.trim() || null;
  if (!key && type !== 'nominatim') throw new Error(`RASTRO_GEOCODER_KEY is required for the ${type} provider`);
  const format = env.RASTRO_GEOCODER_FORMAT?.trim() || DEFAULT_ADDRESS_FORMAT;
  if (!/%[pcsdturhf]/.test(format)) throw new Error(`RASTRO_GEOCODER_FORMAT must name at least one of %h %r %u %t %d %s %c %p %f, got "${format}"`);
  const language = env.RASTRO_GEOCODER_LANGUAGE?.trim() || null;
  if (language && !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language)) throw new Error(`RASTRO_GEOCODER_LANGUAGE must be a language tag such as pt-BR, got "${language}"`);
  return {
    type,
    url: url(env.RASTRO_GEOCODER_URL?.trim() || DEFAULT_URLS[type]),
    key,
    language,
    format,
    timeoutMs: integer('RASTRO_GEOCODER_TIMEOUT', 5, 1, 30) * 1000,
    dailyLimit: integer('RASTRO_GEOCODER_DAILY_LIMIT', 2_500),
    cacheSize: integer('RASTRO_GEOCODER_CACHE_SIZE', 10_000, 1, 1_000_000),
    cacheTtlMs: integer('RASTRO_GEOCODER_CACHE_TTL', 7 * 86_400, 1, 30 * 86_400) * 1000,
    onRequest: env.RASTRO_GEOCODER_ON_REQUEST !== '0',
    reportLimit: integer('RASTRO_GEOCODER_REPORT_LIMIT', 100, 0, 100_000),
  };
}
