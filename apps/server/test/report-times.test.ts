import { beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, reportOsmAnd, withServer, type Dialect } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const wire = (seconds: number) => iso(seconds).replace('Z', '+00:00');

interface Point {
  t: number;
  lat: number;
  lon: number;
  speed: number;
}

/**
 * A drive with stops of known length. Driving: a position every 10 s, 111 m apart (40 km/h).
 * A stop runs from the position the vehicle arrived at to the last one before it set off:
 * - A: parked 10 minutes when the range begins (a position a minute);
 * - B: 20 minutes, a position every 30 s;
 * - C: 45 minutes with a tracker that sleeps: two minutes of positions, 41 minutes of silence,
 *   two more minutes before leaving;
 * - D: parked 10 minutes when the range ends.
 */
function knownStops(t0: number) {
  const points: Point[] = [];
  let lat = -22.9;
  let lon = -47.06;
  let t = t0;
  const stand = (seconds: number[]) => {
    const from = t;
    for (const s of seconds) points.push({ t: from + s, lat, lon, speed: 0 });
    t = from + seconds[seconds.length - 1];
  };
  const every = (step: number, until: number) => Array.from({ length: until / step }, (_, i) => (i + 1) * step);
  const drive = (steps: number, dLat: number, dLon: number) => {
    for (let i = 0; i < steps; i++) {
      lat += dLat;
      lon += dLon;
      t += 10;
      points.push({ t, lat, lon, speed: 21.6 });
    }
    return t;
  };
  points.push({ t, lat, lon, speed: 0 });
  stand(every(60, 600));
  const leaveA = t;
  const arriveB = drive(30, 0.001, 0);
  stand(every(30, 1200));
  const leaveB = t;
  const arriveC = drive(30, 0, 0.001);
  stand([30, 60, 90, 120, 2580, 2610, 2640, 2670, 2700]);
  const leaveC = t;
  const arriveD = drive(20, -0.001, 0);
  stand(every(60, 600));
  return { points, leaveA, arriveB, leaveB, arriveC, leaveC, arriveD, last: t };
}

describe.each(dialects)('stops and trips at their true times on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });
  const t0 = Math.floor(Date.now() / 1000) - 5 * 3600;
  const route = knownStops(t0);
  let deviceId: number;
  const replayed = () => `deviceId=${deviceId}&from=${iso(t0)}&to=${iso(route.last)}`;
  // longer than a day: read from the motion events the pipeline stored
  const stored = () => `deviceId=${deviceId}&from=${iso(t0 - 2 * 86400)}&to=${iso(route.last + 3600)}`;

  beforeAll(async () => {
    deviceId = (await admin.json('POST', '/api/devices', { name: 'Known stops', uniqueId: `times-${dialect}` })).id;
    for (const p of route.points) {
      const response = await reportOsmAnd(server.osmand, { id: `times-${dialect}`, lat: p.lat, lon: p.lon, speed: p.speed, timestamp: p.t });
      expect(response.status).toBe(200);
    }
  });

  const minutes = (items: { duration: number }[]) => items.map((item) => item.duration / 60_000);

  it('measures stops of 20 and 45 minutes as 20 and 45, from the positions', async () => {
    const stops = await admin.json<{ startTime: string; endTime: string; duration: number }[]>('GET', `/api/reports/stops?${replayed()}`);
    expect(stops.map((s) => [s.startTime, s.endTime])).toEqual([
      [wire(t0), wire(route.leaveA)],
      [wire(route.arriveB), wire(route.leaveB)],
      [wire(route.arriveC), wire(route.leaveC)],
      [wire(route.arriveD), wire(route.last)],
    ]);
    expect(minutes(stops)).toEqual([10, 20, 45, 10]);
  });

  it('ends each trip where the vehicle arrived and starts it where it set off', async () => {
    const trips = await admin.json<{ startTime: string; endTime: string; duration: number; distance: number }[]>('GET', `/api/reports/trips?${replayed()}`);
    expect(trips.map((trip) => [trip.startTime, trip.endTime])).toEqual([
      [wire(route.leaveA), wire(route.arriveB)],
      [wire(route.leaveB), wire(route.arriveC)],
      [wire(route.leaveC), wire(route.arriveD)],
    ]);
    expect(minutes(trips)).toEqual([5, 5, 20 / 6]);
    // 30 legs of ~111 m, none of the standing still counted
    expect(trips[0].distance).toBeGreaterThan(3300);
    expect(trips[0].distance).toBeLessThan(3350);
  });

  it('gives the same true times from the stored motion events of a long range', async () => {
    const fromPositions = await admin.json<object[]>('GET', `/api/reports/stops?${replayed()}`);
    // the pipeline stores the events right after each position's acknowledgement
    await expect.poll(async () => admin.json<object[]>('GET', `/api/reports/stops?${stored()}`), { timeout: 10_000 }).toEqual(fromPositions);
    const tripsFromPositions = await admin.json<object[]>('GET', `/api/reports/trips?${replayed()}`);
    const tripsStored = await admin.json<{ maxSpeed: number }[]>('GET', `/api/reports/trips?${stored()}`);
    expect(tripsStored).toEqual(tripsFromPositions);
  });

  it('stored motion events still say when the stop was noticed (as Traccar raises them)', async () => {
    const events = await admin.json<{ type: string; eventTime: string }[]>('GET', `/api/reports/events?deviceId=${deviceId}&type=deviceStopped&from=${iso(t0)}&to=${iso(route.last)}`);
    // B's stop was noticed 3 minutes after the arrival, once 3 minutes of positions lay within 200 m
    expect(events.map((e) => Date.parse(e.eventTime) / 1000)).toContain(route.arriveB + 180);
  });
});
