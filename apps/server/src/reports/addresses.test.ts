import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection.ts';
import { DailyBudget } from '../pipeline/geolocation/budget.ts';
import { Geocoder } from '../pipeline/geocoding/geocoder.ts';
import { providerFor } from '../pipeline/geocoding/providers.ts';
import { startProviderServer, type ProviderServer } from '../pipeline/testing/provider-server.ts';
import { fillAddresses, type AddressFill } from './addresses.ts';
import { Pace } from './pace.ts';

/** Only events read the database; the other reports never touch it. */
const NO_DB = {} as Db;
const PLACES = [{ name: 'Campinas', region: 'SP', latitude: -22.90556, longitude: -47.06083 }];

const trip = (startLat: number, endLat: number, startAddress: string | null = null) =>
  ({ startLat, startLon: -47.06, endLat, endLon: -47.06, startAddress, endAddress: null as string | null });

describe('report rows\' addresses', () => {
  let service: ProviderServer;
  beforeAll(async () => {
    service = await startProviderServer((request) => ({ json: { address: { road: `Rua ${request.url.searchParams.get('lat')}` } } }), '/reverse');
  });
  afterAll(() => service.close());

  const geocoder = (online = true) => new Geocoder(online ? providerFor({ type: 'nominatim', url: service.url, key: null }) : null, new DailyBudget(0),
    { timeoutMs: 2000, cacheSize: 100, cacheTtlMs: 60_000, format: '%r', language: null }, { warn: () => undefined }, () => PLACES);
  const fill = (geo: Geocoder, rows: object[], options: Partial<AddressFill> = {}) =>
    fillAddresses('trips', rows, { geocoder: geo, language: 'pt-BR', unit: 'km', limit: 100, everyRow: false, ...options }, NO_DB, new Pace());

  it('asks the provider once per point, keeps stored addresses, and stops at the report\'s limit', async () => {
    service.requests.length = 0;
    const geo = geocoder();
    const rows = [trip(-22.9, -22.8), trip(-22.8, -22.7), trip(-22.7, -22.6, 'Guardado'), trip(-22.5, -22.4)];
    await fill(geo, rows, { limit: 3 });
    expect(rows.map((r) => [r.startAddress, r.endAddress])).toEqual([
      ['Rua -22.900000', 'Rua -22.800000'],
      ['Rua -22.800000', 'Rua -22.700000'],
      ['Guardado', null],
      [null, null],
    ]);
    expect(service.requests).toHaveLength(3);

    // asked again: what is cached costs nothing, three more may be asked
    await fill(geo, rows, { limit: 3 });
    expect(rows.map((r) => [r.startAddress, r.endAddress])).toEqual([
      ['Rua -22.900000', 'Rua -22.800000'],
      ['Rua -22.800000', 'Rua -22.700000'],
      ['Guardado', 'Rua -22.600000'],
      ['Rua -22.500000', 'Rua -22.400000'],
    ]);
    expect(service.requests).toHaveLength(6);
  });

  it('fills what is left from the place data for a spreadsheet, and asks nothing with no provider or no limit', async () => {
    service.requests.length = 0;
    const rows = [trip(-22.9, -22.886)];
    await fill(geocoder(), rows, { limit: 0, everyRow: true });
    expect(rows[0]).toMatchObject({ startAddress: 'Campinas, SP', endAddress: '2 km N de Campinas, SP' });
    const offline = [trip(-22.9, -22.886)];
    await fill(geocoder(false), offline);
    expect(offline[0]).toMatchObject({ startAddress: null, endAddress: null });
    expect(service.requests).toHaveLength(0);
  });

  it('leaves rows without a place alone (summaries)', async () => {
    const summary = { deviceId: 1, distance: 5 };
    await fill(geocoder(false), [summary], { everyRow: true });
    expect(summary).toEqual({ deviceId: 1, distance: 5 });
  });
});
