/**
 * Cell-tower and Wi-Fi geolocation (Traccar's `geolocation.*` keys, which Traccar reads from its
 * configuration file only). From the environment, not the server's attributes: the provider's key
 * is a secret, and the server attributes are answered to anyone by the public GET /api/server.
 */
import { providerConfig, type Env, type IntegerReader, type ProviderConfig } from './provider.ts';

export const GEOLOCATION_TYPES = ['google', 'universal', 'unwired', 'opencellid'] as const;
export type GeolocationType = (typeof GEOLOCATION_TYPES)[number];

/** The key is Unwired Labs' token for `unwired`; a `universal` service may need none. */
export interface GeolocationConfig extends ProviderConfig<GeolocationType> {
  /** Also locate positions the device marked invalid, not only those without a location. */
  processInvalidPositions: boolean;
  /** A position whose network matches the last position's takes that position's location. */
  reuse: boolean;
  /** Only networks with Wi-Fi access points are located. */
  requireWifi: boolean;
  /** Country and network codes for cells reported without them (as 0). */
  mcc: number | null;
  mnc: number | null;
}

/** Where each provider answers unless RASTRO_GEOLOCATION_URL says otherwise (`universal` has no default). */
const DEFAULT_URLS: Record<GeolocationType, string | null> = {
  google: 'https://www.googleapis.com/geolocation/v1/geolocate',
  universal: null,
  unwired: 'https://us1.unwiredlabs.com/v2/process.php',
  // Traccar's default is plain http; the key travels in the query, so https here.
  opencellid: 'https://opencellid.org/cell/get',
};

/** Null when RASTRO_GEOLOCATION names no provider: positions are then never sent anywhere. */
export function geolocationConfig(env: Env, integer: IntegerReader): GeolocationConfig | null {
  const provider = providerConfig(env, integer, {
    prefix: 'RASTRO_GEOLOCATION',
    types: GEOLOCATION_TYPES,
    defaultUrls: DEFAULT_URLS,
    keyless: 'universal',
    timeoutSeconds: 3,
    dailyLimit: 10_000,
    cacheTtlSeconds: 86_400,
  });
  if (!provider) return null;
  const optional = (name: string, max: number): number | null => (env[name]?.trim() ? integer(name, 0, 0, max) : null);
  return {
    ...provider,
    processInvalidPositions: env.RASTRO_GEOLOCATION_PROCESS_INVALID === '1',
    reuse: env.RASTRO_GEOLOCATION_REUSE === '1',
    requireWifi: env.RASTRO_GEOLOCATION_REQUIRE_WIFI === '1',
    mcc: optional('RASTRO_GEOLOCATION_MCC', 999),
    mnc: optional('RASTRO_GEOLOCATION_MNC', 999),
  };
}
