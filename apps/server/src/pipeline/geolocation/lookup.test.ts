import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { googleAnswer, startProviderServer, type ProviderServer } from '../testing/provider-server.ts';
import { DailyBudget } from './budget.ts';
import { GeolocationLookup, type LookupOptions } from './lookup.ts';
import { readNetwork, type Network } from './network.ts';
import { providerFor } from './providers.ts';

const OPTIONS: LookupOptions = { timeoutMs: 2000, cacheSize: 100, cacheTtlMs: 3_600_000 };

const atCell = (cellId: number, signalStrength = -70): Network =>
  readNetwork({ radioType: 'gsm', cellTowers: [{ mobileCountryCode: 724, mobileNetworkCode: 5, locationAreaCode: 1, cellId, signalStrength }] }, { mcc: null, mnc: null })!;

/** The stand-in answers each cell id as latitude -cellId / 1000, so answers tell which request they came from. */
const byCell = (request: { body: unknown }) => {
  const { cellTowers } = request.body as { cellTowers: { cellId: number }[] };
  return googleAnswer(-cellTowers[0].cellId / 1000, -46.6, 500);
};

describe('geolocation lookup: cache, one request per network, budget, timeout', () => {
  let service: ProviderServer;
  beforeAll(async () => {
    service = await startProviderServer(byCell);
  });
  afterEach(() => {
    vi.useRealTimers();
    service.requests.length = 0;
    service.answer = byCell;
  });
  afterAll(() => service.close());

  const lookup = (options: Partial<LookupOptions> = {}, budget = new DailyBudget(0)) =>
    new GeolocationLookup(providerFor({ type: 'universal', url: service.url, key: null }), budget, { ...OPTIONS, ...options });

  it('answers the same cells from memory, whatever their signal strengths now', async () => {
    const geo = lookup();
    expect(await geo.locate(atCell(1))).toEqual({ latitude: -0.001, longitude: -46.6, accuracy: 500 });
    expect(await geo.locate(atCell(1, -95))).toEqual({ latitude: -0.001, longitude: -46.6, accuracy: 500 });
    expect(await geo.locate(atCell(2))).toEqual({ latitude: -0.002, longitude: -46.6, accuracy: 500 });
    expect(service.requests).toHaveLength(2);
    expect(geo.requests).toBe(2);
  });

  it('sends one request for positions that meet the same network while it runs', async () => {
    const geo = lookup();
    const answers = await Promise.all([geo.locate(atCell(3)), geo.locate(atCell(3)), geo.locate(atCell(3))]);
    expect(answers.map((a) => a?.latitude)).toEqual([-0.003, -0.003, -0.003]);
    expect(service.requests).toHaveLength(1);
  });

  it('forgets a location after the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const geo = lookup({ cacheTtlMs: 60_000 });
    await geo.locate(atCell(4));
    vi.setSystemTime(Date.now() + 59_000);
    await geo.locate(atCell(4));
    expect(service.requests).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    await geo.locate(atCell(4));
    expect(service.requests).toHaveLength(2);
  });

  it('holds at most cacheSize networks, the least recently used forgotten first', async () => {
    const geo = lookup({ cacheSize: 2 });
    for (const cell of [5, 6, 5, 7]) await geo.locate(atCell(cell)); // 6 is the least recently used when 7 comes
    expect(service.requests).toHaveLength(3);
    await geo.locate(atCell(5));
    expect(service.requests).toHaveLength(3);
    await geo.locate(atCell(6));
    expect(service.requests).toHaveLength(4);
  });

  it('remembers no failure: the next position at that network asks again', async () => {
    const geo = lookup();
    service.answer = () => ({ status: 503, text: 'busy' });
    await expect(geo.locate(atCell(8))).rejects.toThrow(/503/);
    service.answer = byCell;
    expect((await geo.locate(atCell(8)))?.latitude).toBe(-0.008);
    expect(service.requests).toHaveLength(2);
  });

  it('gives up after the timeout', async () => {
    service.answer = () => 'hang';
    const geo = lookup({ timeoutMs: 150 });
    await expect(geo.locate(atCell(9))).rejects.toThrow(/timeout|aborted/i);
  });

  it('sends nothing once the day\'s budget is spent; cached networks are still answered', async () => {
    const spent: number[] = [];
    const geo = lookup({}, new DailyBudget(2, (limit) => spent.push(limit)));
    await geo.locate(atCell(10));
    await geo.locate(atCell(11));
    expect(await geo.locate(atCell(12))).toBeNull();
    expect(await geo.locate(atCell(13))).toBeNull();
    expect((await geo.locate(atCell(10)))?.latitude).toBe(-0.01);
    expect(service.requests).toHaveLength(2);
    expect(spent).toEqual([2]);
  });

  it('asks nothing of a provider that cannot use the network', async () => {
    const geo = new GeolocationLookup(providerFor({ type: 'opencellid', url: service.url, key: 'k' }), new DailyBudget(1), OPTIONS);
    const wifiOnly = readNetwork({ wifiAccessPoints: [{ macAddress: '00:1a:2b:3c:4d:5e' }] }, { mcc: null, mnc: null })!;
    expect(await geo.locate(wifiOnly)).toBeNull();
    expect(service.requests).toHaveLength(0);
  });
});
