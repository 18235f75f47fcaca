import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { googleAnswer, startProviderServer, type ProviderServer } from '../testing/provider-server.ts';
import { readNetwork, type Network } from './network.ts';
import { GeolocationError } from './provider.ts';
import { providerFor } from './providers.ts';

const DEFAULTS = { mcc: null, mnc: null };

/** What a GT06/H02 codec stores for two cells and a Wi-Fi access point. */
const STORED = {
  radioType: 'gsm',
  considerIp: false,
  cellTowers: [
    { mobileCountryCode: 724, mobileNetworkCode: 5, locationAreaCode: 1234, cellId: 56789, signalStrength: -67 },
    { mobileCountryCode: 724, mobileNetworkCode: 5, locationAreaCode: 1234, cellId: 56790 },
  ],
  wifiAccessPoints: [{ macAddress: '00-1A-2B-3C-4D-5E', signalStrength: -70 }],
};
const network: Network = readNetwork(STORED, DEFAULTS)!;

const seconds = (n: number) => AbortSignal.timeout(n * 1000);

describe('geolocation providers against a stand-in service', () => {
  let service: ProviderServer;
  beforeAll(async () => {
    service = await startProviderServer(() => googleAnswer(-23.5614, -46.6559, 850));
  });
  afterEach(() => {
    service.requests.length = 0;
    service.answer = () => googleAnswer(-23.5614, -46.6559, 850);
  });
  afterAll(() => service.close());

  describe('Google and universal (the Google Geolocation API)', () => {
    it('posts Google\'s request JSON to {url}?key= and reads location and accuracy', async () => {
      const provider = providerFor({ type: 'google', url: service.url, key: 'secret key' });
      await expect(provider.locate(network, seconds(5))).resolves.toEqual({ latitude: -23.5614, longitude: -46.6559, accuracy: 850 });
      const [request] = service.requests;
      expect(request.method).toBe('POST');
      expect(request.url.pathname).toBe('/v1/geolocate');
      expect(request.url.searchParams.get('key')).toBe('secret key');
      expect(request.contentType).toBe('application/json');
      // Google's request is the stored JSON itself, but for the MAC address written as Google spells it
      expect(request.body).toEqual({ ...STORED, wifiAccessPoints: [{ macAddress: '00:1a:2b:3c:4d:5e', signalStrength: -70 }] });
    });

    it('sends no key when a universal service needs none, and keeps the URL\'s own query', async () => {
      const provider = providerFor({ type: 'universal', url: `${service.url}?source=rastro`, key: null });
      await provider.locate(network, seconds(5));
      expect(Object.fromEntries(service.requests[0].url.searchParams)).toEqual({ source: 'rastro' });
    });

    it('fails with the service\'s error message (Google: {error: {code, message}})', async () => {
      service.answer = () => ({ status: 403, json: { error: { code: 403, message: 'API key not valid', errors: [{ reason: 'keyInvalid' }] } } });
      const provider = providerFor({ type: 'google', url: service.url, key: 'k' });
      await expect(provider.locate(network, seconds(5))).rejects.toThrow(new GeolocationError('HTTP 403: API key not valid'));
      service.answer = () => ({ status: 404, json: { error: { code: 404, message: 'Not Found' } } });
      await expect(provider.locate(network, seconds(5))).rejects.toThrow(/Not Found/);
    });

    it('fails on garbage: not JSON, the wrong JSON, impossible coordinates, a server error', async () => {
      const provider = providerFor({ type: 'universal', url: service.url, key: null });
      for (const reply of [
        { text: '<html>gateway</html>' },
        { json: { location: { lat: '-23.5', lng: -46.6 }, accuracy: 10 } },
        { json: { location: { lat: 123, lng: -46.6 }, accuracy: 10 } },
        { json: { accuracy: 10 } },
        { json: [1, 2] },
        { status: 500, json: { location: { lat: -23.5, lng: -46.6 }, accuracy: 10 } },
      ]) {
        service.answer = () => reply;
        await expect(provider.locate(network, seconds(5)), JSON.stringify(reply)).rejects.toThrow(GeolocationError);
      }
    });
  });

  describe('Unwired Labs', () => {
    it('posts its own JSON with the token and reads lat, lon and accuracy', async () => {
      service.answer = () => ({ json: { status: 'ok', balance: 99, lat: -22.9068, lon: -43.1729, accuracy: 120 } });
      const provider = providerFor({ type: 'unwired', url: service.url, key: 'token-1' });
      await expect(provider.locate(network, seconds(5))).resolves.toEqual({ latitude: -22.9068, longitude: -43.1729, accuracy: 120 });
      const [request] = service.requests;
      expect(request.method).toBe('POST');
      expect([...request.url.searchParams]).toEqual([]);
      expect(request.body).toEqual({
        token: 'token-1',
        radio: 'gsm',
        cells: [
          { mcc: 724, mnc: 5, lac: 1234, cid: 56789, signal: -67 },
          { mcc: 724, mnc: 5, lac: 1234, cid: 56790 },
        ],
        wifi: [{ bssid: '00:1a:2b:3c:4d:5e', signal: -70 }],
      });
    });

    it('fails on its error status, and on an ok without coordinates', async () => {
      const provider = providerFor({ type: 'unwired', url: service.url, key: 't' });
      service.answer = () => ({ json: { status: 'error', message: 'No matches found', balance: 98 } });
      await expect(provider.locate(network, seconds(5))).rejects.toThrow('error: No matches found');
      service.answer = () => ({ json: { status: 'ok', balance: 98 } });
      await expect(provider.locate(network, seconds(5))).rejects.toThrow(GeolocationError);
    });
  });

  describe('OpenCellID', () => {
    it('asks for the first cell with a GET and takes the cell\'s range as the accuracy', async () => {
      service.answer = () => ({ json: { lat: -15.7939, lon: -47.8828, mcc: 724, mnc: 5, lac: 1234, cellid: 56789, range: 1500, samples: 12 } });
      const provider = providerFor({ type: 'opencellid', url: service.url, key: 'ocid' });
      await expect(provider.locate(network, seconds(5))).resolves.toEqual({ latitude: -15.7939, longitude: -47.8828, accuracy: 1500 });
      const [request] = service.requests;
      expect(request.method).toBe('GET');
      expect(Object.fromEntries(request.url.searchParams)).toEqual({ format: 'json', mcc: '724', mnc: '5', lac: '1234', cellid: '56789', key: 'ocid' });
      expect(request.body).toBeUndefined();
    });

    it('fails with its error and code; has nothing to ask without a cell', async () => {
      const provider = providerFor({ type: 'opencellid', url: service.url, key: 'ocid' });
      service.answer = () => ({ json: { error: 'Cell not found', code: 1 } });
      await expect(provider.locate(network, seconds(5))).rejects.toThrow('Cell not found (1)');
      const wifiOnly = readNetwork({ wifiAccessPoints: [{ macAddress: '00:1a:2b:3c:4d:5e' }] }, DEFAULTS)!;
      expect(provider.usable(wifiOnly)).toBe(false);
      expect(provider.usable(network)).toBe(true);
    });
  });

  describe('a service that does not answer in time or at all', () => {
    it('gives up when the answer never comes, or stops half-way', async () => {
      const provider = providerFor({ type: 'universal', url: service.url, key: null });
      service.answer = () => 'hang';
      await expect(provider.locate(network, AbortSignal.timeout(200))).rejects.toThrow(/timeout|aborted/i);
      service.answer = () => 'stall';
      await expect(provider.locate(network, AbortSignal.timeout(200))).rejects.toThrow(/timeout|aborted/i);
    });

    it('fails when nothing listens', async () => {
      const gone = await startProviderServer(() => googleAnswer(0, 0, 0));
      await gone.close();
      await expect(providerFor({ type: 'universal', url: gone.url, key: null }).locate(network, seconds(5))).rejects.toThrow(/fetch failed/);
    });
  });
});
