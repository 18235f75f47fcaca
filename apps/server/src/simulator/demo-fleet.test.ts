import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startOsmAndListener } from '../protocols/osmand/listener.ts';
import type { DecodedPosition, ProtocolContext } from '../protocols/types.ts';
import { startDemoFleet, type DemoFleet } from './demo-fleet.ts';
import { DEMO_VEHICLES } from './fleet.ts';
import { distance } from './geo.ts';

interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
}

const servers: Server[] = [];
const fleets: DemoFleet[] = [];

afterEach(async () => {
  await Promise.all(fleets.splice(0).map((fleet) => fleet.stop()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A stand-in for the OsmAnd port that records each request and answers through `respond`. */
async function recordingServer(respond: (res: ServerResponse, req: IncomingMessage) => void = (res) => res.end()) {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ method: req.method ?? '', path: url.pathname, params: url.searchParams });
    respond(res, req);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { requests, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function recordingLog() {
  const warnings: string[] = [];
  return { warnings, log: { info: () => {}, warn: (msg: string) => warnings.push(msg) } };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const vehicles = DEMO_VEHICLES.slice(0, 3);
const byId = (requests: Recorded[], uniqueId: string) => requests.filter((request) => request.params.get('id') === uniqueId);

describe('startDemoFleet', () => {
  it('reports each vehicle repeatedly over HTTP in the OsmAnd query format, staggered', async () => {
    const { requests, url } = await recordingServer();
    const { log, warnings } = recordingLog();
    const startedAt = Math.floor(Date.now() / 1000);
    const fleet = startDemoFleet({ osmandUrl: url, vehicles, intervalMs: 300, log });
    fleets.push(fleet);
    await until(() => vehicles.every((vehicle) => byId(requests, vehicle.uniqueId).length >= 3), 'three reports per vehicle');
    await fleet.stop();

    // The first reports come in vehicle order: each vehicle starts a fraction of the interval later.
    expect(requests.slice(0, 3).map((request) => request.params.get('id'))).toEqual(vehicles.map((vehicle) => vehicle.uniqueId));
    for (const request of requests) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/');
      expect([...request.params.keys()].sort()).toEqual(
        ['accuracy', 'altitude', 'batt', 'bearing', 'fuel', 'id', 'ignition', 'lat', 'lon', 'motion', 'odometer', 'power', 'speed', 'timestamp'],
      );
      const timestamp = Number(request.params.get('timestamp'));
      expect(timestamp).toBeGreaterThanOrEqual(startedAt);
      expect(timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
      expect(['true', 'false']).toContain(request.params.get('ignition'));
      expect(['true', 'false']).toContain(request.params.get('motion'));
      for (const key of ['lat', 'lon', 'speed', 'bearing', 'altitude', 'accuracy', 'batt', 'power', 'odometer', 'fuel']) {
        expect(Number.isFinite(Number(request.params.get(key))), key).toBe(true);
      }
    }
    for (const vehicle of vehicles) {
      const reports = byId(requests, vehicle.uniqueId);
      for (const report of reports) {
        const point = [Number(report.params.get('lat')), Number(report.params.get('lon'))] as const;
        expect(Math.min(...vehicle.route.map((waypoint) => distance(point, waypoint)))).toBeLessThan(260);
      }
      const odometers = reports.map((report) => Number(report.params.get('odometer')));
      expect(odometers).toEqual([...odometers].sort((a, b) => a - b));
    }
    expect(warnings).toEqual([]);
  });

  it('is understood by the real OsmAnd listener', async () => {
    const submitted: { uniqueId: string; position: DecodedPosition }[] = [];
    const ctx: ProtocolContext = {
      identify: (_protocol, uniqueId) => Promise.resolve({ id: 1, uniqueId }),
      submit: (device, positions) => {
        for (const position of positions) submitted.push({ uniqueId: device.uniqueId, position });
        return Promise.resolve();
      },
      updateDeviceAttributes: async () => {},
      log: { info: () => {}, warn: () => {}, error: () => {} },
    };
    const listener = await startOsmAndListener(ctx, { port: 0, host: '127.0.0.1' });
    try {
      const { log, warnings } = recordingLog();
      const fleet = startDemoFleet({ osmandUrl: `http://127.0.0.1:${listener.port}`, vehicles, intervalMs: 50, log });
      fleets.push(fleet);
      await until(() => submitted.length >= 6, 'stored positions');
      await fleet.stop();
      expect(warnings).toEqual([]);
      for (const { uniqueId, position } of submitted) {
        expect(vehicles.map((vehicle) => vehicle.uniqueId)).toContain(uniqueId);
        expect(position).toMatchObject({ protocol: 'osmand', valid: true, outdated: false });
        expect(position.latitude).toBeLessThan(-23.4);
        expect(position.longitude).toBeLessThan(-46.5);
        expect(Object.keys(position.attributes).sort()).toEqual(['batteryLevel', 'fuel', 'ignition', 'motion', 'odometer', 'power']);
        expect(typeof position.attributes.ignition).toBe('boolean');
        expect(typeof position.attributes.power).toBe('number');
      }
    } finally {
      await listener.close();
    }
  });

  it('sends nothing more once stopped', async () => {
    const { requests, url } = await recordingServer();
    const fleet = startDemoFleet({ osmandUrl: url, vehicles, intervalMs: 40, log: recordingLog().log });
    await until(() => requests.length >= 6, 'some reports');
    await fleet.stop();
    const count = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests.length).toBe(count);
  });

  it('waits for requests in flight when stopping', async () => {
    const held: ServerResponse[] = [];
    const { url } = await recordingServer((res) => held.push(res));
    const fleet = startDemoFleet({ osmandUrl: url, vehicles: vehicles.slice(0, 1), intervalMs: 1000, log: recordingLog().log });
    await until(() => held.length === 1, 'a request in flight');
    let stopped = false;
    const stopping = fleet.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    held[0].end();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a rejected vehicle once per minute and keeps trying', async () => {
    const { requests, url } = await recordingServer((res) => {
      res.statusCode = 400;
      res.end();
    });
    const { log, warnings } = recordingLog();
    const fleet = startDemoFleet({ osmandUrl: url, vehicles, intervalMs: 30, log });
    fleets.push(fleet);
    await until(() => vehicles.every((vehicle) => byId(requests, vehicle.uniqueId).length >= 4), 'retries');
    await fleet.stop();
    expect(warnings).toHaveLength(vehicles.length);
    expect(warnings[0]).toContain('HTTP 400');
    expect(warnings.some((warning) => warning.includes(vehicles[1].uniqueId))).toBe(true);
  });

  it('survives a server that is not listening yet', async () => {
    const { url } = await recordingServer();
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const { log, warnings } = recordingLog();
    const fleet = startDemoFleet({ osmandUrl: url, vehicles, intervalMs: 30, log });
    fleets.push(fleet);
    await until(() => warnings.length === vehicles.length, 'a warning per vehicle');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await fleet.stop();
    expect(warnings).toHaveLength(vehicles.length);
  });
});
