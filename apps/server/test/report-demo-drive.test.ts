import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportParams } from '../src/simulator/demo-fleet.ts';
import { DEMO_VEHICLES } from '../src/simulator/fleet.ts';
import { PARKING_S, SimulatedVehicle } from '../src/simulator/vehicle.ts';
import { withServer } from './harness.ts';

/**
 * The stops report on the demo fleet's driving (it once stayed empty: the simulator only ever
 * halted for 30-120 s, below the 180 s a stop must last). A demo vehicle drives 90 simulated
 * minutes, reporting every 5 s over the real OsmAnd port exactly as the demo fleet does; its
 * parkings are the stops the report must find, with their durations, and its short halts are not.
 * Its spreadsheets carry an address in every place column (the offline place data: no provider here).
 */
const INTERVAL_S = 5;
/** The offline place data's answer in São Paulo: a place (a district) of the state, or a distance and direction from one. */
const PLACE = /^(\d+(\.\d+)? km (N|NE|L|SE|S|SO|O|NO) de )?[^,]+, SP$/;

/** A spreadsheet's rows as read back by ExcelJS (the library the server writes it with): the header, then the items. */
async function sheetRows(response: Response): Promise<string[][]> {
  expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: string[][] = [];
  const text = (value: unknown): string =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : value ? JSON.stringify(value) : '';
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(text)));
  return rows;
}
const DRIVE_S = 90 * 60;

interface Parking {
  /** First and last report standing at the place, epoch s. */
  first: number;
  last: number;
  latitude: number;
  longitude: number;
}

describe("a demo vehicle's drive in the reports", () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  const t0 = Math.floor(Date.now() / 1000) - 3 * 3600;
  const end = t0 + DRIVE_S;
  const parkings: Parking[] = [];
  let halts = 0;
  let deviceId = 0;
  const range = (from: number, to: number) => `deviceId=${deviceId}&from=${new Date(from * 1000).toISOString()}&to=${new Date(to * 1000).toISOString()}`;

  beforeAll(async () => {
    const vehicle = DEMO_VEHICLES[0];
    deviceId = (await admin.json('POST', '/api/devices', { name: vehicle.name, uniqueId: vehicle.uniqueId })).id as number;
    const model = new SimulatedVehicle(vehicle.route, vehicle.category, 11);
    let standing: (Parking & { ignitionOff: boolean }) | null = null;
    for (let t = t0; t <= end; t += INTERVAL_S) {
      const state = t === t0 ? model.state() : model.advance(INTERVAL_S);
      const response = await fetch(`${server.osmand}/?${reportParams(vehicle.uniqueId, t * 1000, state).toString()}`, { method: 'POST' });
      expect(response.status).toBe(200);
      if (!state.motion) {
        standing ??= { first: t, last: t, latitude: state.latitude, longitude: state.longitude, ignitionOff: !state.ignition };
        standing.last = t;
      } else if (standing) {
        // a stand that began with the drive is not a whole stop; the others are parkings (engine off) or halts
        if (standing.first > t0) {
          if (standing.ignitionOff) parkings.push(standing);
          else halts += 1;
        }
        standing = null;
      }
    }
  }, 120_000);

  it('drives a mix of short halts and parkings', () => {
    expect(halts).toBeGreaterThanOrEqual(2);
    expect(parkings.length).toBeGreaterThanOrEqual(2);
    for (const parking of parkings) expect(parking.last - parking.first).toBeGreaterThanOrEqual(PARKING_S[0] - INTERVAL_S);
  });

  /**
   * Each parking is a stop, in order. The vehicle arrived and left between two reports, so a stop
   * may begin at the report before the first standing one (the last leg in was slow) and end at
   * the one after the last (the first leg out was slow): the true stay is within one interval.
   */
  const expectParkings = (stops: { startTime: string; endTime: string; duration: number; latitude: number; longitude: number }[]) => {
    expect(stops).toHaveLength(parkings.length);
    stops.forEach((stop, i) => {
      const parking = parkings[i];
      const [start, stopEnd] = [Date.parse(stop.startTime) / 1000, Date.parse(stop.endTime) / 1000];
      expect([start >= parking.first - INTERVAL_S && start <= parking.first, stopEnd >= parking.last && stopEnd <= parking.last + INTERVAL_S], stop.startTime)
        .toEqual([true, true]);
      expect(stop.duration).toBe((stopEnd - start) * 1000);
      expect(stop.duration).toBeGreaterThanOrEqual(PARKING_S[0] * 1000 - INTERVAL_S * 1000);
      expect(Math.abs(stop.duration / 1000 - (parking.last - parking.first))).toBeLessThanOrEqual(2 * INTERVAL_S);
      expect(stop.latitude).toBeCloseTo(parking.latitude, 3);
      expect(stop.longitude).toBeCloseTo(parking.longitude, 3);
    });
  };

  it('finds each parking as a stop, from arrival to departure, and no halt', async () => {
    // the drive's first and last reports are left out: a stand at either end is open
    const stops = await admin.json('GET', `/api/reports/stops?${range(t0 + INTERVAL_S, end - INTERVAL_S)}`);
    expectParkings(stops.filter((stop: { startTime: string; endTime: string }) =>
      Date.parse(stop.startTime) / 1000 > t0 + INTERVAL_S && Date.parse(stop.endTime) / 1000 < end - INTERVAL_S));
  });

  it('finds the same stops from the stored motion events over a range longer than a day', async () => {
    const stops = await admin.json('GET', `/api/reports/stops?${range(t0 - 2 * 86400, end + 3600)}`);
    expectParkings(stops.filter((stop: { startTime: string; endTime: string }) =>
      Date.parse(stop.startTime) / 1000 > t0 && Date.parse(stop.endTime) / 1000 < end));
  });

  it('leaves the parkings out of the trips, which end where each parking starts', async () => {
    const trips = await admin.json('GET', `/api/reports/trips?${range(t0, end)}`);
    const stops = await admin.json('GET', `/api/reports/stops?${range(t0, end)}`);
    const ends = new Set(trips.map((trip: { endTime: string }) => trip.endTime));
    for (const stop of stops.slice(0, -1)) expect(ends.has(stop.startTime), stop.startTime).toBe(true);
    for (const trip of trips) expect(Date.parse(trip.endTime) - Date.parse(trip.startTime)).toBeGreaterThan(0);
  });

  /** The values of the named column, every row after the header. */
  const column = (rows: string[][], name: string) => {
    const index = rows[0].indexOf(name);
    expect(index, `${name} in ${rows[0].join(', ')}`).toBeGreaterThanOrEqual(0);
    return rows.slice(1).map((row) => row[index]);
  };

  it('exports the stops with the place of each', async () => {
    const rows = await sheetRows(await admin.request('GET', `/api/reports/stops/xlsx?${range(t0, end)}`));
    expect(rows.length - 1).toBeGreaterThanOrEqual(parkings.length);
    for (const place of column(rows, 'Local')) expect(place).toMatch(PLACE);
  });

  it('exports the trips with where each started and ended', async () => {
    const rows = await sheetRows(await admin.request('GET', `/api/reports/trips/xlsx?${range(t0, end)}`, undefined, { 'accept-language': 'en-US' }));
    expect(rows.length - 1).toBeGreaterThanOrEqual(parkings.length);
    for (const place of [...column(rows, 'Start address'), ...column(rows, 'End address')]) expect(place).toMatch(/^(\d+(\.\d+)? km (N|NE|E|SE|S|SW|W|NW) of )?[^,]+, SP$/);
  });

  it('exports the events with the place of each one that has a position', async () => {
    const events = await admin.json('GET', `/api/reports/events?${range(t0, end)}`);
    const rows = await sheetRows(await admin.request('GET', `/api/reports/events/xlsx?${range(t0, end)}`));
    expect(rows.length - 1).toBe(events.length);
    expect(column(rows, 'Tipo')).toContain('deviceStopped');
    column(rows, 'Endereço').forEach((place, i) => expect(place, rows[i + 1].join(' | ')).toMatch(events[i].positionId > 0 ? PLACE : /^$/));
  });

  it('exports the route with the place of each position', async () => {
    const from = parkings[0].first;
    const rows = await sheetRows(await admin.request('GET', `/api/reports/route/xlsx?${range(from, from + 600)}`));
    expect(rows.length - 1).toBe(600 / INTERVAL_S + 1);
    for (const place of column(rows, 'Endereço')) expect(place).toMatch(PLACE);
  });
});
