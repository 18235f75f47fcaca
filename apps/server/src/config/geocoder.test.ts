import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('geocoder configuration', () => {
  it('is off unless RASTRO_GEOCODER names a provider, whatever else is set', () => {
    expect(loadConfig({}).geocoder).toBeNull();
    expect(loadConfig({ RASTRO_GEOCODER_URL: 'https://geo.example.com', RASTRO_GEOCODER_KEY: 'k' }).geocoder).toBeNull();
  });

  it('has the documented defaults: each provider\'s own address, Traccar\'s format, 5 s, 2,500 requests a day, 10,000 points for a week', () => {
    expect(loadConfig({ RASTRO_GEOCODER: 'locationiq', RASTRO_GEOCODER_KEY: 'pk.1' }).geocoder).toEqual({
      type: 'locationiq', url: 'https://us1.locationiq.com/v1/reverse', key: 'pk.1', language: null, format: '%h %r, %t, %s, %c',
      timeoutMs: 5000, dailyLimit: 2500, cacheSize: 10_000, cacheTtlMs: 7 * 86_400_000, onRequest: true, reportLimit: 100,
    });
    expect(loadConfig({ RASTRO_GEOCODER: 'Nominatim' }).geocoder).toMatchObject({ url: 'https://nominatim.openstreetmap.org/reverse', key: null });
    expect(loadConfig({ RASTRO_GEOCODER: 'google', RASTRO_GEOCODER_KEY: 'k' }).geocoder?.url).toBe('https://maps.googleapis.com/maps/api/geocode/json');
    expect(loadConfig({ RASTRO_GEOCODER: 'opencage', RASTRO_GEOCODER_KEY: 'k' }).geocoder?.url).toBe('https://api.opencagedata.com/geocode/v1/json');
  });

  it('reads every variable', () => {
    expect(loadConfig({
      RASTRO_GEOCODER: 'nominatim', RASTRO_GEOCODER_URL: 'http://127.0.0.1:8080/reverse', RASTRO_GEOCODER_KEY: 'own', RASTRO_GEOCODER_LANGUAGE: 'pt-BR',
      RASTRO_GEOCODER_FORMAT: '%r, %h - %t', RASTRO_GEOCODER_TIMEOUT: '2', RASTRO_GEOCODER_DAILY_LIMIT: '0', RASTRO_GEOCODER_CACHE_SIZE: '50',
      RASTRO_GEOCODER_CACHE_TTL: '600', RASTRO_GEOCODER_ON_REQUEST: '0', RASTRO_GEOCODER_REPORT_LIMIT: '0',
    }).geocoder).toEqual({
      type: 'nominatim', url: 'http://127.0.0.1:8080/reverse', key: 'own', language: 'pt-BR', format: '%r, %h - %t',
      timeoutMs: 2000, dailyLimit: 0, cacheSize: 50, cacheTtlMs: 600_000, onRequest: false, reportLimit: 0,
    });
  });

  it('stops the server at start on a bad value, naming the variable', () => {
    expect(() => loadConfig({ RASTRO_GEOCODER: 'bing' })).toThrow(/RASTRO_GEOCODER must be one of nominatim, locationiq, google, opencage/);
    expect(() => loadConfig({ RASTRO_GEOCODER: 'google' })).toThrow(/RASTRO_GEOCODER_KEY is required for the google provider/);
    expect(() => loadConfig({ RASTRO_GEOCODER: 'nominatim', RASTRO_GEOCODER_URL: 'ftp://x' })).toThrow(/RASTRO_GEOCODER_URL must be/);
    expect(() => loadConfig({ RASTRO_GEOCODER: 'nominatim', RASTRO_GEOCODER_FORMAT: 'address' })).toThrow(/RASTRO_GEOCODER_FORMAT/);
    expect(() => loadConfig({ RASTRO_GEOCODER: 'nominatim', RASTRO_GEOCODER_LANGUAGE: 'portuguese please' })).toThrow(/RASTRO_GEOCODER_LANGUAGE/);
    expect(() => loadConfig({ RASTRO_GEOCODER: 'nominatim', RASTRO_GEOCODER_TIMEOUT: '0' })).toThrow(/RASTRO_GEOCODER_TIMEOUT/);
    expect(() => loadConfig({ RASTRO_GEOCODER: 'nominatim', RASTRO_GEOCODER_CACHE_TTL: '9999999' })).toThrow(/RASTRO_GEOCODER_CACHE_TTL/);
  });
});
