/**
 * Reverse geocoding (Traccar's `geocoder.*` keys, which Traccar reads from its configuration file
 * only). From the environment, as the cell-tower geolocation is: the provider's key is a secret
 * that costs money, and the server attributes are answered to anyone by the public
 * GET /api/server. Without a provider, addresses come from the offline place data alone.
 */
import { providerConfig, type Env, type IntegerReader, type ProviderConfig } from './provider.ts';

export const GEOCODER_TYPES = ['nominatim', 'locationiq', 'google', 'opencage'] as const;
export type GeocoderType = (typeof GEOCODER_TYPES)[number];

/** Traccar's AddressFormat default: house and road, town, state, country. */
export const DEFAULT_ADDRESS_FORMAT = '%h %r, %t, %s, %c';

export interface GeocoderConfig extends ProviderConfig<GeocoderType> {
  /** The language asked of the provider; null = the language of the user who asks. */
  language: string | null;
  /** Traccar's address format: %h house, %r road, %u suburb, %t town, %d district, %s state, %c country, %p postcode, %f the provider's whole text. */
  format: string;
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

/** Null when RASTRO_GEOCODER names no provider: addresses then come from the place data only, and nothing is sent anywhere. */
export function geocoderConfig(env: Env, integer: IntegerReader): GeocoderConfig | null {
  const provider = providerConfig(env, integer, {
    prefix: 'RASTRO_GEOCODER',
    types: GEOCODER_TYPES,
    defaultUrls: DEFAULT_URLS,
    keyless: 'nominatim',
    timeoutSeconds: 5,
    dailyLimit: 2_500,
    cacheTtlSeconds: 7 * 86_400,
  });
  if (!provider) return null;
  const format = env.RASTRO_GEOCODER_FORMAT?.trim() || DEFAULT_ADDRESS_FORMAT;
  if (!/%[pcsdturhf]/.test(format)) throw new Error(`RASTRO_GEOCODER_FORMAT must name at least one of %h %r %u %t %d %s %c %p %f, got "${format}"`);
  const language = env.RASTRO_GEOCODER_LANGUAGE?.trim() || null;
  if (language && !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language)) throw new Error(`RASTRO_GEOCODER_LANGUAGE must be a language tag such as pt-BR, got "${language}"`);
  return {
    ...provider,
    language,
    format,
    onRequest: env.RASTRO_GEOCODER_ON_REQUEST !== '0',
    reportLimit: integer('RASTRO_GEOCODER_REPORT_LIMIT', 100, 0, 100_000),
  };
}
