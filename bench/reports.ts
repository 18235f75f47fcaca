/**
 * bench/reports: one device with 30 days of positions every 10 s (259,200 positions) — trips,
 * stops and summary together over the 30 days; then the summary of 500 devices over one day.
 * The database is seeded directly (with the motion events the live pipeline would have stored),
 * then the real server answers over HTTP.
 */
import path from 'node:path';
import { KNOTS_PER_MPS } from '@rastro/api';
import SQLite from 'better-sqlite3';
import { MotionDetector } from '../apps/server/src/pipeline/events/motion.ts';
import type { MotionState } from '../apps/server/src/pipeline/events/state.ts';
import type { StoredPosition } from '../apps/server/src/position/types.ts';
import { api, login, machine, percentile, startServer } from './lib.ts';

const DAYS = 30;
const STEP = 10; // seconds between positions of the long history
const FLEET = 500;
const FLEET_STEP = 30; // seconds between positions of the fleet's day
const DAY = 86400;
const origin = Math.floor(Date.now() / 1000 / DAY) * DAY - (DAYS + 1) * DAY;

/** Four trips a day at 20 kn (about 37 km/h); parked the rest of the time. */
const TRIPS = [[7 * 3600, 7 * 3600 + 2700], [12 * 3600, 12 * 3600 + 1800], [13.5 * 3600, 14 * 3600], [18 * 3600, 18 * 3600 + 3000]];
const moving = (t: number) => TRIPS.some(([a, b]) => (t % DAY) >= a && (t % DAY) < b);

function seed(file: string, deviceIds: number[]): { positions: number; events: number } {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare('INSERT INTO tc_positions ("deviceId","protocol","serverTime","deviceTime","fixTime","valid","latitude","longitude","altitude","speed","course","accuracy","attributes") VALUES (?,?,?,?,?,1,?,?,0,?,?,0,?)');
  const event = db.prepare('INSERT INTO tc_events ("type","eventTime","deviceId","positionId","geofenceId","maintenanceId","attributes") VALUES (?,?,?,?,0,0,\'{}\')');
  let positions = 0;
  let events = 0;

  const track = (deviceId: number, from: number, to: number, step: number, withEvents: boolean) => {
    const detector = new MotionDetector();
    const state: MotionState = { motionStreak: 0, motionTime: null, motionLatitude: null, motionLongitude: null, motionPositionId: null };
    const context = { lookup: () => undefined };
    let lat = -23.6;
    let total = 0;
    let hours = 0;
    for (let t = from; t < to; t += step) {
      const go = moving(t);
      const speed = go ? 20 : 0;
      const meters = go ? speed / KNOTS_PER_MPS * step : 0;
      lat += go ? meters / 111_320 * ((Math.floor(t / DAY) % 2) ? -1 : 1) : 0;
      total += meters;
      if (go) hours += step * 1000;
      const attributes = { motion: go, ignition: go, distance: meters, totalDistance: Math.round(total * 100) / 100, hours };
      const id = Number(insert.run(deviceId, 'gt06', t * 1000, t * 1000, t * 1000, lat, -46.7, speed, 0, JSON.stringify(attributes)).lastInsertRowid);
      positions++;
      if (!withEvents) continue;
      const position: StoredPosition = {
        id, deviceId, protocol: 'gt06', serverTime: t * 1000, deviceTime: t * 1000, fixTime: t * 1000, valid: true, outdated: false,
        latitude: lat, longitude: -46.7, altitude: 0, speed, course: 0, accuracy: 0, address: null, network: null, geofenceIds: null, attributes,
      };
      for (const e of detector.handle(position, state, context)) {
        event.run(e.type, e.eventTime, deviceId, e.positionId);
        events++;
      }
    }
  };

  db.transaction(() => {
    track(deviceIds[0], origin, origin + DAYS * DAY, STEP, true);
    for (const id of deviceIds.slice(1)) track(id, origin + DAYS * DAY, origin + (DAYS + 1) * DAY, FLEET_STEP, false);
  })();
  db.close();
  return { positions, events };
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

console.log(`bench/reports on ${machine()}`);
let server = await startServer();
const cookie = await login(server.base);
const ids: number[] = [];
for (let i = 0; i <= FLEET; i++) ids.push((await api<{ id: number }>(server.base, cookie, 'POST', '/api/devices', { name: `Report ${i}`, uniqueId: `rep-${i}` })).id);
await server.stop({ keepData: true });

const seedStart = performance.now();
const seeded = seed(path.join(server.dataDir, 'rastro.db'), ids);
console.log(`seeded ${seeded.positions} positions and ${seeded.events} motion events in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

server = await startServer({}, server.dataDir);
try {
  const session = await login(server.base);
  const iso = (s: number) => new Date(s * 1000).toISOString();
  const month = `deviceId=${ids[0]}&from=${iso(origin)}&to=${iso(origin + DAYS * DAY - 1)}`;
  let counts = '';
  const long = await timed(5, async () => {
    const [trips, stops, summary] = await Promise.all(['trips', 'stops', 'summary'].map((r) => api<unknown[]>(server.base, session, 'GET', `/api/reports/${r}?${month}`)));
    counts = `${trips.length} trips, ${stops.length} stops, ${summary.length} summary row`;
  });
  const day = `from=${iso(origin + DAYS * DAY)}&to=${iso(origin + (DAYS + 1) * DAY - 1)}`;
  let rows = 0;
  const fleet = await timed(5, async () => {
    rows = (await api<unknown[]>(server.base, session, 'GET', `/api/reports/summary?${day}`)).length;
  });
  console.log('| report | data | result (median of 5) | best | answer |');
  console.log('|---|---|---|---|---|');
  console.log(`| trips + stops + summary, one device, ${DAYS} days | ${DAYS * DAY / STEP} positions every ${STEP} s | ${percentile(long, 50).toFixed(0)} ms | ${long[0].toFixed(0)} ms | ${counts} |`);
  console.log(`| summary, ${FLEET} devices, one day | ${FLEET * DAY / FLEET_STEP} positions (every ${FLEET_STEP} s each) | ${percentile(fleet, 50).toFixed(0)} ms | ${fleet[0].toFixed(0)} ms | ${rows} rows |`);
} finally {
  await server.stop();
}
