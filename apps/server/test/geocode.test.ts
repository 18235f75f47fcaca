import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderServer, type ProviderRequest, type ProviderServer } from '../src/pipeline/testing/provider-server.ts';
import { reportOsmAnd, withServer, type Client, type TestServer } from './harness.ts';

/**
 * Addresses through the whole server: GET /api/server/geocode and report rows, without a provider
 * (the nearest place of the offline data) and with a stand-in Nominatim on 127.0.0.1.
 */

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
/** ~3 km north-east of Campinas' point in GeoNames. */
const NEAR_CAMPINAS = { latitude: -22.886, longitude: -47.04 };
const PHRASE = /^\d+ km (N|NE|L|SE|S|SO|O|NO) de .+, SP$/;

/** Parked 10 minutes in Campinas, a 5-minute drive north, parked 10 minutes: one trip and its stops. */
async function drive(server: TestServer, admin: Client, uniqueId: string, t0: number): Promise<{ deviceId: number; range: string }> {
  const device = await admin.json('POST', '/api/devices', { name: uniqueId, uniqueId });
  let lat = -22.9;
  const lon = -47.06;
  let t = t0;
  const send = (speed: number) => reportOsmAnd(server.osmand, { id: uniqueId, lat, lon, speed, timestamp: t, ignition: String(speed > 0) });
  for (; t <= t0 + 600; t += 60) expect((await send(0)).status).toBe(200);
  for (let i = 0; i < 30; i++, t += 10) {
    lat += 0.002;
    expect((await send(21.6)).status).toBe(200);
  }
  for (const end = t + 600; t <= end; t += 60) expect((await send(0)).status).toBe(200);
  return { deviceId: device.id as number, range: `deviceId=${device.id}&from=${iso(t0 - 60)}&to=${iso(t)}` };
}

async function sheetRows(response: Response): Promise<unknown[][]> {
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const geocode = (client: Client, query: string, headers: Record<string, string> = {}) => client.request('GET', `/api/server/geocode?${query}`, undefined, headers);

describe('addresses without a provider: the nearest place of the offline data', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  it('answers GET /api/server/geocode with the nearest place, in the asker\'s language, never empty', async () => {
    const point = `latitude=${NEAR_CAMPINAS.latitude}&longitude=${NEAR_CAMPINAS.longitude}`;
    const answer = await geocode(admin, point);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('x-address-source')).toBe('place');
    expect(await answer.text()).toBe('3 km NE de Campinas, SP');
    expect(await (await geocode(admin, point, { 'accept-language': 'en-US,en;q=0.9' })).text()).toBe('3 km NE of Campinas, SP');
    expect(await (await geocode(admin, `${point}&language=es`, { 'accept-language': 'en-US' })).text()).toBe('3 km al NE de Campinas, SP');
    // in the middle of the Atlantic there is still something to say
    expect(await (await geocode(admin, 'latitude=-20&longitude=-20')).text()).toMatch(/^\d\.\d{3} km [A-Z]{1,2} de .+$/);
    expect((await admin.json('GET', '/api/server')).geocoderEnabled).toBe(true);
  });

  it('takes the user\'s distance unit', async () => {
    const me = await admin.json('GET', '/api/session');
    await admin.json('PUT', `/api/users/${me.id}`, { ...me, attributes: { ...me.attributes, distanceUnit: 'mi' } });
    expect(await (await geocode(admin, `latitude=-22.87&longitude=-47.03&language=en`)).text()).toBe('3 mi NE of Campinas, SP');
    await admin.json('PUT', `/api/users/${me.id}`, me);
  });

  it('refuses the anonymous and bad coordinates', async () => {
    expect((await fetch(`${server.base}/api/server/geocode?latitude=1&longitude=2`)).status).toBe(401);
    for (const query of ['latitude=1', 'latitude=91&longitude=0', 'latitude=0&longitude=-180.5', 'latitude=abc&longitude=1', 'latitude=&longitude=1']) {
      const response = await geocode(admin, query);
      expect(response.status, query).toBe(400);
      expect(await response.text(), query).toMatch(/^(latitude|longitude) (is required|must be a number)/);
    }
  });

  it('leaves report rows for the web app to ask, places events, and fills the spreadsheet from the place data', async () => {
    const t0 = Math.floor(Date.now() / 1000) - 3 * 3600;
    const { range } = await drive(server, admin, 'geo-offline', t0);
    const [trip] = await admin.json('GET', `/api/reports/trips?${range}`);
    expect(trip).toMatchObject({ startAddress: null, endAddress: null });
    const stops = await admin.json('GET', `/api/reports/stops?${range}`);
    expect(stops.length).toBeGreaterThan(0);
    for (const stop of stops) expect(stop.address).toBeNull();

    const events = await admin.json('GET', `/api/reports/events?${range}`);
    const moving = events.find((e: { type: string }) => e.type === 'deviceMoving');
    expect(moving).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number), address: null });
    expect(moving.positionId).toBeGreaterThan(0);

    const [header, row] = await sheetRows(await admin.request('GET', `/api/reports/trips/xlsx?${range}`));
    const start = header.indexOf('Endereço inicial');
    const end = header.indexOf('Endereço final');
    expect(row[start]).toBe('Campinas, SP');
    expect(row[end]).toMatch(PHRASE);
    const [stopHeader, ...stopRows] = await sheetRows(await admin.request('GET', `/api/reports/stops/xlsx?${range}`));
    for (const stopRow of stopRows) expect(String(stopRow[stopHeader.indexOf('Local')])).toMatch(/^(Campinas, SP|\d+ km .+, SP)$/);
  });
});

describe('addresses with a provider (a stand-in Nominatim)', () => {
  let provider: ProviderServer;
  /** The stand-in names the road after the point asked, so each answer tells which request it came from. */
  const nominatim = (request: ProviderRequest) => ({
    json: {
      display_name: 'whole text',
      address: { road: `Rua ${request.url.searchParams.get('lat')}`, city: 'Campinas', state: 'São Paulo', country_code: 'br' },
    },
  });
  // filled in before the server starts: its hooks run after this one
  const env: Record<string, string> = { RASTRO_GEOCODER: 'nominatim', RASTRO_GEOCODER_DAILY_LIMIT: '6', RASTRO_GEOCODER_KEY: 'own-key' };
  beforeAll(async () => {
    provider = await startProviderServer(nominatim, '/reverse');
    env.RASTRO_GEOCODER_URL = provider.url;
  });
  afterAll(() => provider.close());
  const { server, admin } = withServer({ dialect: 'sqlite', env });

  it('answers the provider\'s address in Traccar\'s format, asking once per point', async () => {
    const answer = await geocode(admin, 'latitude=-22.9&longitude=-47.06', { 'accept-language': 'es' });
    expect(answer.headers.get('x-address-source')).toBe('provider');
    expect(await answer.text()).toBe('Rua -22.900000, Campinas, São Paulo, BR');
    expect(provider.requests).toHaveLength(1);
    expect(Object.fromEntries(provider.requests[0].url.searchParams)).toEqual({
      format: 'json', lat: '-22.900000', lon: '-47.060000', zoom: '18', addressdetails: '1', key: 'own-key', 'accept-language': 'es',
    });
    // a few metres off, asked again: from the cache
    expect(await (await geocode(admin, 'latitude=-22.90002&longitude=-47.06001', { 'accept-language': 'es' })).text()).toBe('Rua -22.900000, Campinas, São Paulo, BR');
    expect(provider.requests).toHaveLength(1);
  });

  it('fills report rows when the report is built, from the cache where it can', async () => {
    const t0 = Math.floor(Date.now() / 1000) - 3 * 3600;
    const { range } = await drive(server, admin, 'geo-online', t0);
    const before = provider.requests.length;
    const [trip] = await admin.json('GET', `/api/reports/trips?${range}`);
    expect(trip.startAddress).toBe(`Rua ${trip.startLat.toFixed(6)}, Campinas, São Paulo, BR`);
    expect(trip.endAddress).toBe(`Rua ${trip.endLat.toFixed(6)}, Campinas, São Paulo, BR`);
    const asked = provider.requests.length - before;
    expect(asked).toBeLessThanOrEqual(2); // the start is the point asked above
    const stops = await admin.json('GET', `/api/reports/stops?${range}`);
    for (const stop of stops) expect(stop.address).toBe(`Rua ${stop.latitude.toFixed(6)}, Campinas, São Paulo, BR`);
    // the stops are where the trip started and ended: nothing new to ask
    expect(provider.requests.length - before).toBe(asked);
  });

  it('answers from the place data once the day\'s budget is spent, and while the provider is failing', async () => {
    // spend what is left of the 6 requests
    for (let i = provider.requests.length; i < 6; i++) {
      expect((await geocode(admin, `latitude=-22.8${i}&longitude=-47.1`)).headers.get('x-address-source')).toBe('provider');
    }
    const spent = await geocode(admin, 'latitude=-22.886&longitude=-47.04');
    expect([spent.headers.get('x-address-source'), await spent.text()]).toEqual(['place', '3 km NE de Campinas, SP']);
    expect(provider.requests).toHaveLength(6);
  });
});

describe('a provider that fails', () => {
  let provider: ProviderServer;
  const env: Record<string, string> = { RASTRO_GEOCODER: 'opencage', RASTRO_GEOCODER_KEY: 'k', RASTRO_GEOCODER_TIMEOUT: '1' };
  beforeAll(async () => {
    provider = await startProviderServer(() => 'hang', '/geocode/v1/json');
    env.RASTRO_GEOCODER_URL = provider.url;
  });
  afterAll(() => provider.close());
  const { admin } = withServer({ dialect: 'sqlite', env });

  it('answers the nearest place after the timeout, then without asking it while it rests', async () => {
    const first = await geocode(admin, 'latitude=-22.886&longitude=-47.04&language=en');
    expect(await first.text()).toBe('3 km NE of Campinas, SP');
    const second = await geocode(admin, 'latitude=-22.5&longitude=-47.04&language=en');
    expect(second.headers.get('x-address-source')).toBe('place');
    expect(provider.requests).toHaveLength(1);
  });
});
