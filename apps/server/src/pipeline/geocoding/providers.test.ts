import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startProviderServer, type ProviderReply, type ProviderServer } from '../testing/provider-server.ts';
import { GeocoderError, NoAddress } from './provider.ts';
import { providerFor } from './providers.ts';

const seconds = (n: number) => AbortSignal.timeout(n * 1000);

/** Nominatim's (and LocationIQ's) answer for a point in Campinas, trimmed. */
const NOMINATIM = {
  place_id: 123, lat: '-22.9056', lon: '-47.0608',
  display_name: '1234, Rua Barão de Jaguara, Centro, Campinas, Região Imediata de Campinas, São Paulo, 13015-001, Brasil',
  address: {
    house_number: '1234', road: 'Rua Barão de Jaguara', suburb: 'Centro', city: 'Campinas', state_district: 'Região Imediata de Campinas',
    state: 'São Paulo', 'ISO3166-2-lvl4': 'BR-SP', postcode: '13015-001', country: 'Brasil', country_code: 'br',
  },
};

/** Google's answer: HTTP 200 whatever the status. */
const GOOGLE = {
  status: 'OK',
  results: [{
    formatted_address: 'R. Barão de Jaguara, 1234 - Centro, Campinas - SP, 13015-001, Brasil',
    address_components: [
      { long_name: '1234', short_name: '1234', types: ['street_number'] },
      { long_name: 'Rua Barão de Jaguara', short_name: 'R. Barão de Jaguara', types: ['route'] },
      { long_name: 'Centro', short_name: 'Centro', types: ['political', 'sublocality', 'sublocality_level_1'] },
      { long_name: 'Campinas', short_name: 'Campinas', types: ['administrative_area_level_2', 'political'] },
      { long_name: 'Campinas', short_name: 'Campinas', types: ['locality', 'political'] },
      { long_name: 'São Paulo', short_name: 'SP', types: ['administrative_area_level_1', 'political'] },
      { long_name: 'Brasil', short_name: 'BR', types: ['country', 'political'] },
      { long_name: '13015-001', short_name: '13015-001', types: ['postal_code'] },
    ],
  }],
};

const OPENCAGE = {
  status: { code: 200, message: 'OK' },
  total_results: 1,
  results: [{
    formatted: 'Rua Barão de Jaguara 1234, Centro, Campinas - SP, 13015-001, Brasil',
    components: {
      _type: 'building', house_number: 1234, road: 'Rua Barão de Jaguara', suburb: 'Centro', city: 'Campinas', county: 'Região Imediata de Campinas',
      state: 'São Paulo', state_code: 'SP', country_code: 'br', postcode: '13015-001',
    },
  }],
};

describe('reverse geocoders against a stand-in service', () => {
  let service: ProviderServer;
  beforeAll(async () => {
    service = await startProviderServer(() => ({ json: NOMINATIM }), '/reverse');
  });
  afterEach(() => {
    service.requests.length = 0;
    service.answer = () => ({ json: NOMINATIM });
  });
  afterAll(() => service.close());

  describe('Nominatim and LocationIQ', () => {
    it('ask with Traccar\'s query, key and language, and read the address details', async () => {
      const provider = providerFor({ type: 'locationiq', url: service.url, key: 'pk.secret' });
      await expect(provider.reverse(-22.9056, -47.06083, 'pt-BR', seconds(5))).resolves.toEqual({
        formattedAddress: NOMINATIM.display_name, house: '1234', street: 'Rua Barão de Jaguara', suburb: 'Centro', settlement: 'Campinas',
        district: 'Região Imediata de Campinas', state: 'São Paulo', country: 'BR', postcode: '13015-001',
      });
      const [request] = service.requests;
      expect(request.method).toBe('GET');
      expect(request.url.pathname).toBe('/reverse');
      expect(Object.fromEntries(request.url.searchParams)).toEqual({
        format: 'json', lat: '-22.905600', lon: '-47.060830', zoom: '18', addressdetails: '1', key: 'pk.secret', 'accept-language': 'pt-BR',
      });
    });

    it('send no key nor language when there is none, and take a village or town as the settlement', async () => {
      service.answer = () => ({ json: { display_name: 'x', address: { village: 'Joaquim Egídio', town: 'T', city: 'C', region: 'Sudeste' } } });
      const address = await providerFor({ type: 'nominatim', url: service.url, key: null }).reverse(1, 2, null, seconds(5));
      expect(address).toMatchObject({ settlement: 'Joaquim Egídio', district: 'Sudeste' });
      expect([...service.requests[0].url.searchParams.keys()]).toEqual(['format', 'lat', 'lon', 'zoom', 'addressdetails']);
    });

    it('tell "nothing here" from an error', async () => {
      const provider = providerFor({ type: 'nominatim', url: service.url, key: null });
      service.answer = () => ({ json: { error: 'Unable to geocode' } });
      await expect(provider.reverse(0, -30, null, seconds(5))).rejects.toBeInstanceOf(NoAddress);
      service.answer = () => ({ status: 404, json: { error: 'Unable to geocode' } }); // LocationIQ
      await expect(provider.reverse(0, -30, null, seconds(5))).rejects.toBeInstanceOf(NoAddress);
      service.answer = () => ({ status: 401, json: { error: 'Invalid key' } });
      const refused = provider.reverse(0, -30, null, seconds(5));
      await expect(refused).rejects.toThrow(new GeocoderError('HTTP 401: Invalid key'));
      await expect(refused).rejects.not.toBeInstanceOf(NoAddress);
      service.answer = () => ({ status: 429, json: { error: { message: 'Rate Limited Second' } } });
      await expect(provider.reverse(0, -30, null, seconds(5))).rejects.toThrow('HTTP 429: Rate Limited Second');
    });
  });

  describe('Google', () => {
    it('asks latlng with key and language, and reads the components\' short names as Traccar does', async () => {
      service.answer = () => ({ json: GOOGLE });
      const provider = providerFor({ type: 'google', url: `${service.url}?region=br`, key: 'AIza-key' });
      await expect(provider.reverse(-22.9056, -47.06083, 'en', seconds(5))).resolves.toEqual({
        formattedAddress: GOOGLE.results[0].formatted_address, house: '1234', street: 'R. Barão de Jaguara', settlement: 'Campinas',
        district: 'Campinas', state: 'SP', country: 'BR', postcode: '13015-001',
      });
      expect(Object.fromEntries(service.requests[0].url.searchParams)).toEqual({ region: 'br', latlng: '-22.905600,-47.060830', key: 'AIza-key', language: 'en' });
    });

    it('fails on its status even with HTTP 200; ZERO_RESULTS is "nothing here"', async () => {
      const provider = providerFor({ type: 'google', url: service.url, key: 'k' });
      service.answer = () => ({ json: { status: 'ZERO_RESULTS', results: [] } });
      await expect(provider.reverse(0, -30, null, seconds(5))).rejects.toBeInstanceOf(NoAddress);
      service.answer = () => ({ json: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] } });
      await expect(provider.reverse(0, -30, null, seconds(5))).rejects.toThrow('HTTP 200: REQUEST_DENIED (The provided API key is invalid.)');
      service.answer = () => ({ json: { status: 'OVER_QUERY_LIMIT', results: [] } });
      await expect(provider.reverse(0, -30, null, seconds(5))).rejects.not.toBeInstanceOf(NoAddress);
    });
  });

  describe('OpenCage', () => {
    it('asks q=lat,lon without annotations, with key and language, and reads its components', async () => {
      service.answer = () => ({ json: OPENCAGE });
      const provider = providerFor({ type: 'opencage', url: service.url, key: 'oc-key' });
      await expect(provider.reverse(-22.9056, -47.06083, 'es', seconds(5))).resolves.toEqual({
        formattedAddress: OPENCAGE.results[0].formatted, house: '1234', street: 'Rua Barão de Jaguara', suburb: 'Centro', settlement: 'Campinas',
        district: 'Região Imediata de Campinas', state: 'São Paulo', country: 'BR', postcode: '13015-001',
      });
      expect(Object.fromEntries(service.requests[0].url.searchParams)).toEqual({ q: '-22.905600,-47.060830', no_annotations: '1', key: 'oc-key', language: 'es' });
    });

    it('fails with its status message (bad key, quota); no results is "nothing here"', async () => {
      const provider = providerFor({ type: 'opencage', url: service.url, key: 'oc-key' });
      service.answer = () => ({ status: 402, json: { status: { code: 402, message: 'quota exceeded' }, results: [] } });
      await expect(provider.reverse(0, 0, null, seconds(5))).rejects.toThrow('HTTP 402: quota exceeded');
      service.answer = () => ({ json: { status: { code: 200, message: 'OK' }, results: [], total_results: 0 } });
      await expect(provider.reverse(0, 0, null, seconds(5))).rejects.toBeInstanceOf(NoAddress);
    });
  });

  describe('garbage and silence', () => {
    const garbage: ProviderReply[] = [
      { text: '<html>502 Bad Gateway</html>' },
      { json: [1, 2, 3] },
      { json: 'Campinas' },
      { json: { address: 'Campinas' } },
      { json: { status: 'OK', results: 'many' } },
      { status: 500, json: NOMINATIM },
    ];

    it('every provider fails on an answer it cannot read, with a GeocoderError', async () => {
      for (const type of ['nominatim', 'google', 'opencage'] as const) {
        const provider = providerFor({ type, url: service.url, key: 'k' });
        for (const reply of garbage) {
          service.answer = () => reply;
          const answer = provider.reverse(1, 2, null, seconds(5));
          await expect(answer, `${type} ${JSON.stringify(reply)}`).rejects.toBeInstanceOf(GeocoderError);
          await expect(answer, `${type} ${JSON.stringify(reply)}: not "nothing here"`).rejects.not.toBeInstanceOf(NoAddress);
        }
      }
    });

    it('gives up when no answer comes, or it stops half-way, and fails when nothing listens', async () => {
      const provider = providerFor({ type: 'nominatim', url: service.url, key: null });
      service.answer = () => 'hang';
      await expect(provider.reverse(1, 2, null, AbortSignal.timeout(200))).rejects.toThrow(/timeout|aborted/i);
      service.answer = () => 'stall';
      await expect(provider.reverse(1, 2, null, AbortSignal.timeout(200))).rejects.toThrow(/timeout|aborted/i);
      const gone = await startProviderServer(() => ({ json: NOMINATIM }));
      await gone.close();
      await expect(providerFor({ type: 'google', url: gone.url, key: 'k' }).reverse(1, 2, null, seconds(5))).rejects.toThrow(/fetch failed/);
    });
  });
});
