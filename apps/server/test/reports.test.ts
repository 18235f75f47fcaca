import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, reportOsmAnd, withServer } from './harness.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const wire = (seconds: number) => iso(seconds).replace('Z', '+00:00');

/**
 * A known day: parked 10 min at A, a 10-minute drive north at 40 km/h with a 90 s wait at a
 * traffic light, parked 20 min at B, a 5-minute drive east, parked 10 min at C.
 */
function knownDrive(t0: number) {
  const points: { t: number; lat: number; lon: number; speed: number; ignition: boolean }[] = [];
  let lat = -23.6;
  let lon = -46.7;
  const park = (from: number, minutes: number, ignition = false) => {
    for (let t = from; t <= from + minutes * 60; t += 60) points.push({ t, lat, lon, speed: 0, ignition });
  };
  const drive = (from: number, steps: number, dLat: number, dLon: number) => {
    for (let i = 1; i <= steps; i++) {
      lat += dLat;
      lon += dLon;
      points.push({ t: from + i * 10, lat, lon, speed: 21.6, ignition: true });
    }
    return from + steps * 10;
  };
  park(t0, 10);
  let t = drive(t0 + 600, 30, 0.001, 0);
  for (let w = 10; w <= 90; w += 10) points.push({ t: t + w, lat, lon, speed: 0, ignition: true }); // traffic light
  t = drive(t + 90, 30, 0.001, 0);
  const arrivedB = t;
  park(t + 60, 20);
  const leaveB = t + 60 + 1200;
  t = drive(leaveB, 30, 0, 0.001);
  const arrivedC = t;
  park(t + 60, 10);
  return { points, arrivedB, leaveB, arrivedC, last: points[points.length - 1].t };
}

describe('reports with a known drive', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  let deviceId: number;
  const t0 = Math.floor(Date.now() / 1000) - 3 * 3600;
  const drive = knownDrive(t0);
  const range = (a: number, b: number) => `from=${iso(a)}&to=${iso(b)}`;

  beforeAll(async () => {
    const driver = await admin.json('POST', '/api/drivers', { name: 'Maria Souza', uniqueId: 'D-42' });
    expect(driver.id).toBeGreaterThan(0);
    const device = await admin.json('POST', '/api/devices', { name: '=HYPERLINK("http://evil")', uniqueId: 'rep-1' });
    deviceId = device.id;
    for (const p of drive.points) {
      const response = await reportOsmAnd(server.osmand, { id: 'rep-1', lat: p.lat, lon: p.lon, speed: p.speed, timestamp: p.t, ignition: String(p.ignition), driverUniqueId: 'D-42' });
      expect(response.status).toBe(200);
    }
  });

  it('finds the two trips, not split by the traffic light, with Traccar fields and units', async () => {
    const trips = await admin.json('GET', `/api/reports/trips?deviceId=${deviceId}&${range(t0, drive.last)}`);
    expect(trips).toHaveLength(2);
    const [first, second] = trips;
    // set off from the last parked position, stopped where it arrived at B (not where the stop was noticed, 3 minutes later)
    expect(first.startTime).toBe(wire(t0 + 600));
    expect(first.endTime).toBe(wire(drive.arrivedB));
    expect(first.duration).toBe((drive.arrivedB - (t0 + 600)) * 1000);
    expect(first.distance).toBeGreaterThan(6600); // 60 steps of ~111 m
    expect(first.distance).toBeLessThan(6750);
    expect(first.endOdometer - first.startOdometer).toBeCloseTo(first.distance, 1);
    expect(first.maxSpeed).toBe(21.6);
    expect(first.averageSpeed).toBeCloseTo((first.distance / (first.duration / 1000)) * 1.943844, 1);
    expect(first).toMatchObject({ deviceName: '=HYPERLINK("http://evil")', startLat: -23.6, startLon: -46.7, driverUniqueId: 'D-42', driverName: 'Maria Souza' });
    expect(first.endLat).toBeCloseTo(-23.54, 6);
    expect(second.startTime).toBe(wire(drive.leaveB));
    expect(second.distance).toBeGreaterThan(3000);
    expect(second.distance).toBeLessThan(3100);
  });

  it('finds the stops between them', async () => {
    const stops = await admin.json('GET', `/api/reports/stops?deviceId=${deviceId}&${range(t0, drive.last)}`);
    expect(stops.map((s: { startTime: string }) => s.startTime)).toEqual([wire(t0), wire(drive.arrivedB), wire(drive.arrivedC)]);
    const atB = stops[1];
    expect(atB).toMatchObject({ distance: 0, averageSpeed: 0, maxSpeed: 0, endTime: wire(drive.leaveB) });
    expect(atB.latitude).toBeCloseTo(-23.54, 6);
    expect(atB.duration).toBe((drive.leaveB - drive.arrivedB) * 1000);
  });

  it('reads the same trips from stored motion events when the range is longer than a day', async () => {
    const short = await admin.json('GET', `/api/reports/trips?deviceId=${deviceId}&${range(t0, drive.last)}`);
    const long = await admin.json('GET', `/api/reports/trips?deviceId=${deviceId}&${range(t0 - 2 * 86400, drive.last + 3600)}`);
    expect(long.map((t: { startTime: string; endTime: string; distance: number }) => [t.startTime, t.endTime, t.distance]))
      .toEqual(short.map((t: { startTime: string; endTime: string; distance: number }) => [t.startTime, t.endTime, t.distance]));
  });

  it('summarises the period, and per day', async () => {
    const [summary] = await admin.json<{ distance: number; engineHours: number; averageSpeed: number }[]>('GET', `/api/reports/summary?deviceId=${deviceId}&${range(t0, drive.last)}`);
    const trips = await admin.json<{ distance: number }[]>('GET', `/api/reports/trips?deviceId=${deviceId}&${range(t0, drive.last)}`);
    expect(summary.distance).toBeCloseTo(trips[0].distance + trips[1].distance, 0);
    expect(summary).toMatchObject({ deviceId, maxSpeed: 21.6, startTime: wire(t0), endTime: wire(drive.last) });
    expect(summary.engineHours).toBeGreaterThan(0);
    expect(summary.averageSpeed).toBeCloseTo((summary.distance / (summary.engineHours / 1000)) * 1.943844, 1);
    const daily = await admin.json('GET', `/api/reports/summary?deviceId=${deviceId}&daily=true&${range(t0 - 86400, drive.last)}`);
    expect(daily.length).toBeGreaterThanOrEqual(1);
    // each day counts from its own first position, so a step across midnight (at most ~111 m here) is in no day
    const sum = daily.reduce((total: number, d: { distance: number }) => total + d.distance, 0);
    expect(sum).toBeLessThanOrEqual(summary.distance + 0.01);
    expect(sum).toBeGreaterThan(summary.distance - 112);
  });

  it('answers the route, and reports every visible device when none is named', async () => {
    const route = await admin.json('GET', `/api/reports/route?deviceId=${deviceId}&${range(t0, drive.last)}`);
    expect(route).toHaveLength(drive.points.length);
    const all = await admin.json('GET', `/api/reports/summary?${range(t0, drive.last)}`);
    expect(all.map((s: { deviceId: number }) => s.deviceId)).toEqual([deviceId]);
    expect((await admin.request('GET', `/api/reports/trips?deviceId=${deviceId}&from=${iso(t0)}`)).status).toBe(400);
  });

  it('takes groups with their subgroups', async () => {
    const fleet = await admin.json('POST', '/api/groups', { name: 'Frota' });
    const south = await admin.json('POST', '/api/groups', { name: 'Sul', groupId: fleet.id });
    const [device] = await admin.json('GET', `/api/devices?id=${deviceId}`);
    await admin.json('PUT', `/api/devices/${deviceId}`, { ...device, groupId: south.id });
    const viaParent = await admin.json('GET', `/api/reports/summary?groupId=${fleet.id}&${range(t0, drive.last)}`);
    expect(viaParent.map((s: { deviceId: number }) => s.deviceId)).toEqual([deviceId]);
    const empty = await admin.json('POST', '/api/groups', { name: 'Vazio' });
    expect(await admin.json('GET', `/api/reports/summary?groupId=${empty.id}&${range(t0, drive.last)}`)).toEqual([]);
  });

  it('exports a real spreadsheet, neutralising formula-like text', async () => {
    const response = await admin.request('GET', `/api/reports/trips?deviceId=${deviceId}&${range(t0, drive.last)}`, undefined, {
      accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'accept-language': 'pt-BR',
    });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=report.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Viagens');
    expect(sheet.getRow(1).getCell(5).value).toBe('Distância (km)');
    expect(sheet.getRow(2).getCell(1).value).toBe('\'=HYPERLINK("http://evil")');
    expect(sheet.rowCount).toBe(3);
    const viaSuffix = await admin.request('GET', `/api/reports/summary/xlsx?deviceId=${deviceId}&${range(t0, drive.last)}`);
    expect(viaSuffix.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('exports positions as CSV, GPX, KML and KMZ', async () => {
    const q = `deviceId=${deviceId}&${range(t0, drive.last)}`;
    const csv = await (await admin.request('GET', `/api/positions/csv?${q}`)).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,deviceId,protocol,serverTime,deviceTime,fixTime,valid,latitude,longitude/);
    expect(lines).toHaveLength(drive.points.length + 1);
    expect(await (await admin.request('GET', `/api/positions/gpx?${q}`)).text()).toContain('<trkpt lat="-23.6" lon="-46.7">');
    expect(await (await admin.request('GET', `/api/positions/kml?${q}`)).text()).toContain('<LineString>');
    const kmz = await JSZip.loadAsync(await (await admin.request('GET', `/api/positions/kmz?${q}`)).arrayBuffer());
    expect(Object.keys(kmz.files)).toEqual(['doc.kml']);
  });

  it('writes the CSV\'s times in the user\'s zone and clock, keeps its coordinates decimal, and GPX in UTC', async () => {
    const attributes = { timezone: 'America/Sao_Paulo', twelveHourFormat: true };
    const user = await admin.json('POST', '/api/users', { name: 'Clock', email: 'clock@example.com', password: 'pass1234', coordinateFormat: 'dms', attributes });
    await admin.json('POST', '/api/permissions', { userId: user.id, deviceId });
    const client = await Client.login(server.base, 'clock@example.com', 'pass1234');
    const q = `deviceId=${deviceId}&${range(t0, drive.last)}`;
    const [header, first] = (await (await client.request('GET', `/api/positions/csv?${q}`)).text()).split('\r\n');
    const cell = (name: string) => first.split(',')[header.split(',').indexOf(name)];
    // São Paulo is UTC−3 all year; 12-hour clock as the user has it
    const wall = new Date((t0 - 3 * 3600) * 1000).toISOString();
    const hour = Number(wall.slice(11, 13));
    const clock = `${String(hour % 12 || 12).padStart(2, '0')}${wall.slice(13, 19)} ${hour < 12 ? 'AM' : 'PM'}`;
    expect(cell('fixTime')).toBe(`${wall.slice(0, 10)} ${clock}`);
    expect([cell('latitude'), cell('longitude')]).toEqual(['-23.6', '-46.7']);
    expect(await (await client.request('GET', `/api/positions/gpx?${q}`)).text()).toContain(`<time>${iso(t0)}</time>`);
  });

  it('honours disableReports and visibility', async () => {
    const user = await admin.json('POST', '/api/users', { name: 'No Reports', email: 'noreports@example.com', password: 'pass1234', disableReports: true });
    await admin.json('POST', '/api/permissions', { userId: user.id, deviceId });
    const client = await Client.login(server.base, 'noreports@example.com', 'pass1234');
    const denied = await client.request('GET', `/api/reports/trips?deviceId=${deviceId}&${range(t0, drive.last)}`);
    expect([denied.status, await denied.text()]).toEqual([400, 'Operation restricted']);
    await admin.json('POST', '/api/users', { name: 'Stranger', email: 'stranger@example.com', password: 'pass1234' });
    const stranger = await Client.login(server.base, 'stranger@example.com', 'pass1234');
    const hidden = await stranger.request('GET', `/api/reports/route?deviceId=${deviceId}&${range(t0, drive.last)}`);
    expect([hidden.status, await hidden.text()]).toEqual([400, 'Device access denied']);
    expect(await stranger.json('GET', `/api/reports/summary?${range(t0, drive.last)}`)).toEqual([]);
  });
});
