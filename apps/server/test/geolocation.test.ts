import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleAnswer, startProviderServer, type ProviderReply, type ProviderServer } from '../src/pipeline/testing/provider-server.ts';
import { gsmNetwork } from '../src/protocols/testing/protocol-test.ts';
import { withServer } from './harness.ts';

/**
 * Cell-tower geolocation through the whole server: an H02 tracker reports cell towers without a
 * fix over a real TCP connection, the server asks a stand-in Google-style service on 127.0.0.1,
 * and the API answers the service's coordinates, marked approximate.
 */

const IMEI = '7401004662';
/** An H02 `NBR` message (no fix, two cells of mcc 234 / mnc 10) at 29 Oct 2019 `time`. */
const nbr = (time: string, cells: string) => `*HQ,${IMEI},NBR,${time},234,10,0,2,${cells},291019,FFFFFBFF,6#`;

describe('cell-tower geolocation through the whole server', () => {
  let provider: ProviderServer;
  // filled in before the server starts: its hooks run after this one
  // the longest timeout: the test below holds an answer back until it has seen another device's fix stored
  const env: Record<string, string> = { RASTRO_GEOLOCATION: 'universal', RASTRO_GEOLOCATION_KEY: 'test-key', RASTRO_GEOLOCATION_TIMEOUT: '30' };
  beforeAll(async () => {
    provider = await startProviderServer(() => googleAnswer(-23.5614, -46.6559, 850));
    env.RASTRO_GEOLOCATION_URL = provider.url;
  });
  afterAll(() => provider.close());
  const { server, admin } = withServer({ dialect: 'sqlite', env });

  it('stores the provider\'s place for cells without a fix, asks once for the same cells, and keeps a position the provider cannot place', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'SinoTrack', uniqueId: IMEI });
    const history = async () => admin.json('GET', `/api/positions?deviceId=${device.id}&from=2019-10-29T00:00:00Z&to=2019-10-30T00:00:00Z`);
    const tracker = net.connect(server.port('h02'), '127.0.0.1');

    tracker.write(nbr('160453', '21580,27766,-67,21581,27767,-70'));
    await expect.poll(async () => (await history()).length).toBe(1);
    const [located] = await history();
    expect(located).toMatchObject({
      protocol: 'h02', valid: true, fixTime: '2019-10-29T16:04:53.000+00:00',
      latitude: -23.5614, longitude: -46.6559, accuracy: 850, speed: 0, course: 0,
      attributes: { approximate: true },
    });
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request.method).toBe('POST');
    expect(request.url.searchParams.get('key')).toBe('test-key');
    expect(request.body).toEqual(gsmNetwork(
      { mobileCountryCode: 234, mobileNetworkCode: 10, locationAreaCode: 21580, cellId: 27766, signalStrength: -67 },
      { mobileCountryCode: 234, mobileNetworkCode: 10, locationAreaCode: 21581, cellId: 27767, signalStrength: -70 },
    ));

    // the same cells, weaker now: answered from the cache
    tracker.write(nbr('161000', '21580,27766,-80,21581,27767,-75'));
    await expect.poll(async () => (await history()).length).toBe(2);
    expect((await history())[1]).toMatchObject({ fixTime: '2019-10-29T16:10:00.000+00:00', latitude: -23.5614, attributes: { approximate: true } });
    expect(provider.requests).toHaveLength(1);

    // other cells the service does not know: stored anyway, with the last known place and not approximate
    provider.answer = () => ({ status: 404, json: { error: { code: 404, message: 'Not Found' } } });
    tracker.write(nbr('162000', '99,1,-90'));
    await expect.poll(async () => (await history()).length).toBe(3);
    const unplaced = (await history())[2];
    expect(unplaced).toMatchObject({ fixTime: '2019-10-29T16:10:00.000+00:00', latitude: -23.5614, longitude: -46.6559 });
    expect(unplaced.attributes.approximate).toBeUndefined();
    expect(unplaced.network.cellTowers).toEqual([{ mobileCountryCode: 234, mobileNetworkCode: 10, locationAreaCode: 99, cellId: 1, signalStrength: -90 }]);
    expect(provider.requests).toHaveLength(2);

    const [latest] = await admin.json('GET', `/api/positions?deviceId=${device.id}`);
    expect(latest.id).toBe(unplaced.id);
    tracker.destroy();
  });

  it('keeps other devices going while one waits for the provider', async () => {
    const waiting = await admin.json('POST', '/api/devices', { name: 'Waiting', uniqueId: '7401004663' });
    const moving = await admin.json('POST', '/api/devices', { name: 'Moving', uniqueId: '4210051415' });
    let release: (reply: ProviderReply) => void = () => undefined;
    provider.answer = () => new Promise<ProviderReply>((resolve) => (release = resolve));
    const asked = provider.requests.length;

    const lbs = net.connect(server.port('h02'), '127.0.0.1');
    lbs.write('*HQ,7401004663,NBR,170000,234,10,0,2,700,800,-60,291019,FFFFFBFF,6#');
    await expect.poll(() => provider.requests.length).toBe(asked + 1);

    // the provider holds its answer until this device's fix is stored
    const gps = net.connect(server.port('h02'), '127.0.0.1');
    gps.write('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#');
    await expect.poll(async () => (await admin.json('GET', `/api/positions?deviceId=${moving.id}`)).length).toBe(1);

    release(googleAnswer(-22.9068, -43.1729, 1200));
    await expect.poll(async () => (await admin.json('GET', `/api/positions?deviceId=${waiting.id}`))[0]?.latitude).toBe(-22.9068);
    lbs.destroy();
    gps.destroy();
  });
});
