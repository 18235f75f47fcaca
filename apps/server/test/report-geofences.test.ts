import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, postgresAvailable, reportOsmAnd, withServer, type Dialect } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const wire = (seconds: number) => iso(seconds).replace('Z', '+00:00');

/**
 * GET /api/reports/geofences and /api/reports/combined (Traccar's GeofenceReportProvider and
 * CombinedReportProvider) over a van that visits the depot twice and the client once.
 */
describe.each(dialects)('geofence and combined reports on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });
  const t0 = Math.floor(Date.now() / 1000) - 4 * 3600;
  const last = t0 + 3000;
  const range = `from=${iso(t0 - 60)}&to=${iso(last + 60)}`;
  let deviceId: number;
  let depot: { id: number };
  let client: { id: number };
  let elsewhere: { id: number };
  let owner: Client;

  // outside, the depot for 10 minutes, outside, the client for 5, outside, the depot again until the end
  const route = [
    { t: t0, lat: -23.57, lon: -46.65, speed: 20 },
    { t: t0 + 60, lat: -23.56, lon: -46.65, speed: 0 },
    { t: t0 + 360, lat: -23.5601, lon: -46.6501, speed: 0 },
    { t: t0 + 660, lat: -23.56, lon: -46.65, speed: 0 },
    { t: t0 + 720, lat: -23.55, lon: -46.65, speed: 20 },
    { t: t0 + 1200, lat: -23.54, lon: -46.64, speed: 0 },
    { t: t0 + 1500, lat: -23.54, lon: -46.64, speed: 0 },
    { t: t0 + 1560, lat: -23.55, lon: -46.65, speed: 20 },
    { t: t0 + 2400, lat: -23.56, lon: -46.65, speed: 0 },
    { t: last, lat: -23.56, lon: -46.65, speed: 0 },
  ];

  beforeAll(async () => {
    await admin.json('POST', '/api/users', { name: 'Dona da frota', email: `owner-${dialect}@example.com`, password: 'pass1234' });
    owner = await Client.login(server.base, `owner-${dialect}@example.com`, 'pass1234');
    deviceId = (await owner.json('POST', '/api/devices', { name: 'Van 7', uniqueId: `geo-${dialect}` })).id;
    depot = await owner.json('POST', '/api/geofences', { name: 'Depósito', area: 'CIRCLE (-23.5600 -46.6500, 150)' });
    client = await owner.json('POST', '/api/geofences', { name: 'Cliente', area: 'CIRCLE (-23.5400 -46.6400, 150)' });
    // the administrator's own geofence, which the owner does not have
    elsewhere = await admin.json('POST', '/api/geofences', { name: 'Outro', area: 'CIRCLE (-10 -40, 100)' });
    for (const geofence of [depot, client]) await owner.json('POST', '/api/permissions', { deviceId, geofenceId: geofence.id });
    for (const p of route) {
      expect((await reportOsmAnd(server.osmand, { id: `geo-${dialect}`, lat: p.lat, lon: p.lon, speed: p.speed, timestamp: p.t })).status).toBe(200);
    }
    // the pipeline stores events right after each position's acknowledgement
    for (let i = 0; (await owner.json<unknown[]>('GET', `/api/reports/events?deviceId=${deviceId}&type=geofenceEnter&${range}`)).length < 3; i++) {
      if (i > 100) throw new Error('the geofence events were never stored');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('pairs each enter with the next exit of the same geofence, oldest first, with Traccar fields and the duration', async () => {
    const stays = await owner.json('GET', `/api/reports/geofences?deviceId=${deviceId}&geofenceId=${depot.id}&geofenceId=${client.id}&${range}`);
    expect(stays).toEqual([
      {
        deviceId, deviceName: 'Van 7', geofenceId: depot.id, startTime: wire(t0 + 60), endTime: wire(t0 + 720), duration: 660_000,
        distance: 0, averageSpeed: 0, maxSpeed: 0, spentFuel: 0, startOdometer: 0, endOdometer: 0,
      },
      expect.objectContaining({ geofenceId: client.id, startTime: wire(t0 + 1200), endTime: wire(t0 + 1560), duration: 360_000 }),
    ]);
    // the depot again, still inside when the range ends: no exit, no stay (Traccar's rule)
    const depotOnly = await owner.json<{ geofenceId: number }[]>('GET', `/api/reports/geofences?deviceId=${deviceId}&geofenceId=${depot.id}&${range}`);
    expect(depotOnly.map((s) => s.geofenceId)).toEqual([depot.id]);
    // no geofence named, no stay (as Traccar)
    expect(await owner.json('GET', `/api/reports/geofences?deviceId=${deviceId}&${range}`)).toEqual([]);
    // groups and "every visible device" work as for the other reports
    expect(await owner.json('GET', `/api/reports/geofences?geofenceId=${client.id}&${range}`)).toHaveLength(1);
  });

  it('exports the stays as a spreadsheet with the geofence names', async () => {
    const response = await owner.request('GET', `/api/reports/geofences/xlsx?deviceId=${deviceId}&geofenceId=${depot.id}&geofenceId=${client.id}&${range}`, undefined, { 'accept-language': 'pt-BR' });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=report.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Cercas');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Dispositivo', 'Cerca', 'Início', 'Fim', 'Duração']);
    expect([sheet.getRow(2).getCell(2).value, sheet.getRow(2).getCell(5).value]).toEqual(['Depósito', '0:11']);
    expect(sheet.getRow(3).getCell(2).value).toBe('Cliente');
  });

  it('combines the route, the events with a position (no deviceMoving) and their positions, per device', async () => {
    const [item, ...others] = await owner.json('GET', `/api/reports/combined?deviceId=${deviceId}&${range}`);
    expect(others).toEqual([]);
    expect(Object.keys(item).sort()).toEqual(['deviceId', 'events', 'positions', 'route']);
    expect(item.deviceId).toBe(deviceId);
    expect(item.route).toEqual(route.map((p) => [p.lon, p.lat]));
    const types = item.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['geofenceEnter', 'geofenceExit']));
    expect(types).not.toContain('deviceMoving');
    for (const event of item.events) {
      expect(event.positionId).toBeGreaterThan(0);
      expect(Object.keys(event).sort()).toEqual(['attributes', 'deviceId', 'eventTime', 'geofenceId', 'id', 'maintenanceId', 'positionId', 'type']);
    }
    const positionIds = item.positions.map((p: { id: number }) => p.id);
    // the positions of all its events, deviceMoving's included (Traccar matches them before leaving those out)
    for (const event of item.events) expect(positionIds).toContain(event.positionId);
    expect(positionIds).toEqual([...positionIds].sort((a, b) => a - b));
    expect(item.positions[0]).toMatchObject({ deviceId, latitude: expect.any(Number), fixTime: expect.any(String) });
    // Traccar offers the combined report as JSON only
    expect((await owner.request('GET', `/api/reports/combined/xlsx?deviceId=${deviceId}&${range}`)).status).toBe(404);
  });

  it('refuses what the caller may not see, and reports nothing of others when he names nothing', async () => {
    const denied = await owner.request('GET', `/api/reports/geofences?deviceId=${deviceId}&geofenceId=${elsewhere.id}&${range}`);
    expect([denied.status, await denied.text()]).toEqual([400, 'Geofence access denied']);
    await admin.json('POST', '/api/users', { name: 'Estranho', email: `stranger-${dialect}@example.com`, password: 'pass1234' });
    const stranger = await Client.login(server.base, `stranger-${dialect}@example.com`, 'pass1234');
    for (const path of ['geofences', 'combined']) {
      const hidden = await stranger.request('GET', `/api/reports/${path}?deviceId=${deviceId}&${range}`);
      expect([hidden.status, await hidden.text()]).toEqual([400, 'Device access denied']);
    }
    expect(await stranger.json('GET', `/api/reports/combined?${range}`)).toEqual([]);
    // an administrator names any geofence
    expect(await admin.json('GET', `/api/reports/geofences?deviceId=${deviceId}&geofenceId=${elsewhere.id}&${range}`)).toEqual([]);
    await admin.json('POST', '/api/users', { name: 'Sem relatórios', email: `noreports-${dialect}@example.com`, password: 'pass1234', disableReports: true });
    const restricted = await Client.login(server.base, `noreports-${dialect}@example.com`, 'pass1234');
    for (const path of ['geofences', 'combined']) {
      const refused = await restricted.request('GET', `/api/reports/${path}?${range}`);
      expect([refused.status, await refused.text()]).toEqual([400, 'Operation restricted']);
    }
    expect((await fetch(`${server.base}/api/reports/combined?${range}`)).status).toBe(401);
  });
});
