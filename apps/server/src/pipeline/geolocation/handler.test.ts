import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GeolocationConfig } from '../../config/geolocation.ts';
import { googleAnswer, startProviderServer, type ProviderServer } from '../testing/provider-server.ts';
import { deviceContext, storedAt, workingAt } from '../testing/positions.ts';
import type { WorkingPosition } from '../types.ts';
import { createGeolocation } from './handler.ts';

const context = deviceContext();
const CELLS = { radioType: 'gsm', considerIp: false, cellTowers: [{ mobileCountryCode: 724, mobileNetworkCode: 5, locationAreaCode: 1234, cellId: 56789 }] };
const WIFI = { radioType: 'gsm', considerIp: false, wifiAccessPoints: [{ macAddress: '00:1a:2b:3c:4d:5e', signalStrength: -60 }] };

/** What `outdated` hands on for a no-fix message: the last fix's place, the message's own times. */
const noFix = (fields: Partial<WorkingPosition> = {}) =>
  workingAt(600, { outdated: true, valid: false, deviceTime: 590_000, fixTime: 0, latitude: 0, longitude: 0, speed: 3, course: 90, altitude: 700, network: CELLS, attributes: { batteryLevel: 80 }, ...fields });

describe('geolocation handler (Traccar GeolocationHandler)', () => {
  let service: ProviderServer;
  const warnings: string[] = [];
  const log = { warn: (message: string) => warnings.push(message) };
  beforeAll(async () => {
    service = await startProviderServer(() => googleAnswer(-23.5614, -46.6559, 850));
  });
  afterEach(() => {
    service.requests.length = 0;
    service.answer = () => googleAnswer(-23.5614, -46.6559, 850);
    warnings.length = 0;
  });
  afterAll(() => service.close());

  const handler = (config: Partial<GeolocationConfig> = {}) => createGeolocation({
    type: 'universal', url: service.url, key: null, processInvalidPositions: false, reuse: false, requireWifi: false,
    mcc: null, mnc: null, timeoutMs: 2000, dailyLimit: 0, cacheSize: 100, cacheTtlMs: 3_600_000, ...config,
  }, log).step;

  it('places a position without a fix where the provider locates its cells: valid, approximate, at the device time, standing still', async () => {
    const position = noFix();
    expect(await handler()(position, storedAt(0), context)).toEqual({
      ...position,
      outdated: false,
      valid: true,
      fixTime: 590_000,
      latitude: -23.5614,
      longitude: -46.6559,
      accuracy: 850,
      altitude: 0,
      speed: 0,
      course: 0,
      attributes: { batteryLevel: 80, approximate: true },
    });
    expect(service.requests).toHaveLength(1);
  });

  it('leaves alone, at once and without a request, a position with a fix or without a network', () => {
    const step = handler();
    for (const position of [workingAt(600, { network: CELLS }), noFix({ network: null }), noFix({ network: { cellTowers: [] } })]) {
      expect(step(position, null, context)).toBe(position);
    }
    expect(service.requests).toHaveLength(0);
  });

  it('locates an invalid fix only with processInvalidPositions', async () => {
    const invalid = workingAt(600, { valid: false, latitude: 1, longitude: 2, network: WIFI });
    expect(handler()(invalid, null, context)).toBe(invalid);
    expect(await handler({ processInvalidPositions: true })(invalid, null, context)).toMatchObject({ valid: true, latitude: -23.5614, attributes: { approximate: true } });
    expect(service.requests[0].body).toMatchObject({ wifiAccessPoints: [{ macAddress: '00:1a:2b:3c:4d:5e', signalStrength: -60 }] });
  });

  it('with requireWifi, leaves networks of cells alone', async () => {
    const step = handler({ requireWifi: true });
    const cellsOnly = noFix();
    expect(step(cellsOnly, null, context)).toBe(cellsOnly);
    expect(await step(noFix({ network: { ...CELLS, ...WIFI } }), null, context)).toMatchObject({ latitude: -23.5614 });
    expect(service.requests).toHaveLength(1);
  });

  it('with reuse, takes the last valid position\'s place when the network is the same, asking nothing', async () => {
    const step = handler({ reuse: true });
    const last = storedAt(0, { valid: true, latitude: -22.9, longitude: -43.2, accuracy: 30, network: { ...CELLS, cellTowers: [{ ...CELLS.cellTowers[0], signalStrength: -90 }] } });
    expect(await step(noFix(), last, context)).toMatchObject({ valid: true, latitude: -22.9, longitude: -43.2, accuracy: 30, attributes: { approximate: true } });
    expect(service.requests).toHaveLength(0);
    // not from an invalid last position, nor from another network
    expect(await step(noFix(), { ...last, valid: false }, context)).toMatchObject({ latitude: -23.5614 });
    expect(await step(noFix(), { ...last, network: WIFI }, context)).toMatchObject({ latitude: -23.5614 });
  });

  it('fills in the configured country and network codes for cells reported without them', async () => {
    const h02 = noFix({ network: { radioType: 'gsm', considerIp: false, cellTowers: [{ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 10, cellId: 20 }] } });
    await handler({ mcc: 724, mnc: 6 })(h02, null, context);
    expect(service.requests[0].body).toMatchObject({ cellTowers: [{ mobileCountryCode: 724, mobileNetworkCode: 6, locationAreaCode: 10, cellId: 20 }] });
  });

  it('keeps the position as it came when the provider fails, answers garbage or times out, and says why', async () => {
    const position = noFix();
    service.answer = () => ({ status: 403, json: { error: { code: 403, message: 'API key not valid' } } });
    expect(await handler()(position, null, context)).toBe(position);
    service.answer = () => ({ text: 'garbage' });
    expect(await handler()(position, null, context)).toBe(position);
    service.answer = () => 'hang';
    expect(await handler({ timeoutMs: 150 })(position, null, context)).toBe(position);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toBe('geolocation failed for device 1: HTTP 403: API key not valid');
    expect(warnings[2]).toMatch(/^geolocation failed for device 1: .*(timeout|aborted)/i);
  });

  it('asks nothing more once the daily budget is spent, and says so once', async () => {
    const step = handler({ dailyLimit: 1 });
    const other = { ...CELLS, cellTowers: [{ ...CELLS.cellTowers[0], cellId: 1 }] };
    expect(await step(noFix(), null, context)).toMatchObject({ attributes: { approximate: true } });
    const unlocated = noFix({ network: other });
    expect(await step(unlocated, null, context)).toBe(unlocated);
    expect(await step(unlocated, null, context)).toBe(unlocated);
    expect(service.requests).toHaveLength(1);
    expect(warnings).toEqual([expect.stringMatching(/daily limit of 1 requests .* is reached/)]);
  });
});
