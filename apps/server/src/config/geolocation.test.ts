import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('geolocation configuration', () => {
  it('is off unless RASTRO_GEOLOCATION names a provider, whatever else is set', () => {
    expect(loadConfig({}).geolocation).toBeNull();
    expect(loadConfig({ RASTRO_GEOLOCATION_URL: 'https://geo.example.com', RASTRO_GEOLOCATION_KEY: 'k', RASTRO_GEOLOCATION_PROCESS_INVALID: '1' }).geolocation).toBeNull();
  });

  it('has the documented defaults: each provider\'s own address, 3 s, 10,000 requests a day, 10,000 networks for a day', () => {
    expect(loadConfig({ RASTRO_GEOLOCATION: 'google', RASTRO_GEOLOCATION_KEY: 'k' }).geolocation).toEqual({
      type: 'google', url: 'https://www.googleapis.com/geolocation/v1/geolocate', key: 'k',
      processInvalidPositions: false, reuse: false, requireWifi: false, mcc: null, mnc: null,
      timeoutMs: 3000, dailyLimit: 10_000, cacheSize: 10_000, cacheTtlMs: 86_400_000,
    });
    expect(loadConfig({ RASTRO_GEOLOCATION: 'Unwired', RASTRO_GEOLOCATION_KEY: 't' }).geolocation?.url).toBe('https://us1.unwiredlabs.com/v2/process.php');
    expect(loadConfig({ RASTRO_GEOLOCATION: 'opencellid', RASTRO_GEOLOCATION_KEY: 'k' }).geolocation?.url).toBe('https://opencellid.org/cell/get');
  });

  it('reads every variable', () => {
    expect(loadConfig({
      RASTRO_GEOLOCATION: 'universal', RASTRO_GEOLOCATION_URL: 'http://127.0.0.1:8000/v1/geolocate', RASTRO_GEOLOCATION_PROCESS_INVALID: '1',
      RASTRO_GEOLOCATION_REUSE: '1', RASTRO_GEOLOCATION_REQUIRE_WIFI: '1', RASTRO_GEOLOCATION_MCC: '724', RASTRO_GEOLOCATION_MNC: '0',
      RASTRO_GEOLOCATION_TIMEOUT: '5', RASTRO_GEOLOCATION_DAILY_LIMIT: '0', RASTRO_GEOLOCATION_CACHE_SIZE: '50', RASTRO_GEOLOCATION_CACHE_TTL: '600',
    }).geolocation).toEqual({
      type: 'universal', url: 'http://127.0.0.1:8000/v1/geolocate', key: null,
      processInvalidPositions: true, reuse: true, requireWifi: true, mcc: 724, mnc: 0,
      timeoutMs: 5000, dailyLimit: 0, cacheSize: 50, cacheTtlMs: 600_000,
    });
  });

  it('stops the server at start on a bad value, naming the variable', () => {
    expect(() => loadConfig({ RASTRO_GEOLOCATION: 'mozilla' })).toThrow(/RASTRO_GEOLOCATION must be one of google, universal, unwired, opencellid/);
    expect(() => loadConfig({ RASTRO_GEOLOCATION: 'google' })).toThrow(/RASTRO_GEOLOCATION_KEY is required/);
    expect(() => loadConfig({ RASTRO_GEOLOCATION: 'universal' })).toThrow(/RASTRO_GEOLOCATION_URL is required/);
    expect(() => loadConfig({ RASTRO_GEOLOCATION: 'universal', RASTRO_GEOLOCATION_URL: 'ftp://x' })).toThrow(/RASTRO_GEOLOCATION_URL must be/);
    expect(() => loadConfig({ RASTRO_GEOLOCATION: 'google', RASTRO_GEOLOCATION_KEY: 'k', RASTRO_GEOLOCATION_TIMEOUT: '0' })).toThrow(/RASTRO_GEOLOCATION_TIMEOUT/);
    expect(() => loadConfig({ RASTRO_GEOLOCATION: 'google', RASTRO_GEOLOCATION_KEY: 'k', RASTRO_GEOLOCATION_MCC: 'br' })).toThrow(/RASTRO_GEOLOCATION_MCC/);
  });
});
