import { describe, expect, it } from 'vitest';
import { reportOsmAnd, withServer } from './harness.ts';

/** Events raised by the pipeline, checked through the Traccar events report and the live socket. */
describe('events from positions', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  const start = Math.floor(Date.now() / 1000) - 3600;

  async function drive(uniqueId: string, points: Record<string, string | number>[]): Promise<void> {
    for (const point of points) {
      const response = await reportOsmAnd(server.osmand, { id: uniqueId, ...point });
      expect(response.status).toBe(200);
    }
  }

  async function events(deviceId: number): Promise<{ type: string; geofenceId: number; positionId: number; attributes: Record<string, unknown>; eventTime: string }[]> {
    const from = new Date((start - 60) * 1000).toISOString();
    const to = new Date(Date.now() + 86400_000).toISOString();
    return admin.json('GET', `/api/reports/events?deviceId=${deviceId}&from=${from}&to=${to}`);
  }

  it('raises geofence enter and exit for linked geofences only', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Van', uniqueId: 'ev-geo' });
    const garage = await admin.json('POST', '/api/geofences', { name: 'Garagem', area: 'CIRCLE (-23.5600 -46.6500, 100)' });
    await admin.json('POST', '/api/geofences', { name: 'Not linked', area: 'CIRCLE (-23.5600 -46.6500, 5000)' });
    await admin.json('POST', '/api/permissions', { deviceId: device.id, geofenceId: garage.id });
    await drive('ev-geo', [
      { lat: -23.5700, lon: -46.6500, timestamp: start },
      { lat: -23.5600, lon: -46.6500, timestamp: start + 60 },
      { lat: -23.5601, lon: -46.6501, timestamp: start + 120 },
      { lat: -23.5500, lon: -46.6500, timestamp: start + 180 },
    ]);
    const list = (await events(device.id)).filter((e) => e.type.startsWith('geofence'));
    expect(list.map((e) => [e.type, e.geofenceId])).toEqual([['geofenceEnter', garage.id], ['geofenceExit', garage.id]]);
    const [latest] = await admin.json('GET', `/api/positions?deviceId=${device.id}`);
    expect(latest.geofenceIds).toBeNull();
  });

  it('gives positions without a driver the linked driver when processing.useLinkedDriver is on', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Utilitário', uniqueId: 'ev-linked', attributes: { 'processing.useLinkedDriver': true } });
    const other = await admin.json('POST', '/api/devices', { name: 'Sem vínculo', uniqueId: 'ev-unlinked', attributes: { 'processing.useLinkedDriver': true } });
    const driver = await admin.json('POST', '/api/drivers', { name: 'Rita', uniqueId: 'RITA-01' });
    await admin.json('POST', '/api/permissions', { deviceId: device.id, driverId: driver.id });
    await drive('ev-linked', [
      { lat: -23.5, lon: -46.6, timestamp: start },
      { lat: -23.5, lon: -46.6, timestamp: start + 10, driverUniqueId: 'CARD-9' },
    ]);
    await drive('ev-unlinked', [{ lat: -23.5, lon: -46.6, timestamp: start }]);
    const from = new Date((start - 60) * 1000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const route = await admin.json('GET', `/api/reports/route?deviceId=${device.id}&from=${from}&to=${to}`);
    // the device's own report wins over the linked driver
    expect(route.map((p: { attributes: Record<string, unknown> }) => p.attributes.driverUniqueId)).toEqual(['RITA-01', 'CARD-9']);
    expect((await events(device.id)).filter((e) => e.type === 'driverChanged').map((e) => e.attributes.driverUniqueId)).toEqual(['RITA-01', 'CARD-9']);
    const [latest] = await admin.json('GET', `/api/positions?deviceId=${other.id}`);
    expect(latest.attributes.driverUniqueId).toBeUndefined();
  });

  it('raises ignition, alarm (once per new alarm), overspeed, command result, driver and fuel drop events', async () => {
    const device = await admin.json('POST', '/api/devices', {
      name: 'Caminhão', uniqueId: 'ev-misc', attributes: { speedLimit: 43.2, fuelDropThreshold: 10 },
    });
    await drive('ev-misc', [
      { lat: -23.5, lon: -46.6, timestamp: start, ignition: 'false', fuel: 80 },
      { lat: -23.5, lon: -46.6, timestamp: start + 10, ignition: 'true', fuel: 80, driverUniqueId: 'D1' },
      { lat: -23.5, lon: -46.6, timestamp: start + 20, ignition: 'true', alarm: 'sos', fuel: 79 },
      { lat: -23.5, lon: -46.6, timestamp: start + 30, ignition: 'true', alarm: 'sos', fuel: 78, speed: 50 },
      { lat: -23.5, lon: -46.6, timestamp: start + 40, ignition: 'true', speed: 60, fuel: 60 },
      { lat: -23.5, lon: -46.6, timestamp: start + 50, ignition: 'false', speed: 0, result: 'Cut off the fuel supply: Success!', driverUniqueId: 'D2' },
    ]);
    const list = await events(device.id);
    const types = list.map((e) => e.type);
    expect(types.filter((t) => t === 'ignitionOn')).toHaveLength(1);
    expect(types.filter((t) => t === 'ignitionOff')).toHaveLength(1);
    expect(list.filter((e) => e.type === 'alarm').map((e) => e.attributes.alarm)).toEqual(['sos']);
    const overspeed = list.filter((e) => e.type === 'deviceOverspeed');
    expect(overspeed).toHaveLength(1);
    expect(overspeed[0].attributes).toMatchObject({ speed: 50, speedLimit: 43.2 });
    expect(list.find((e) => e.type === 'commandResult')?.attributes.result).toBe('Cut off the fuel supply: Success!');
    expect(list.filter((e) => e.type === 'driverChanged').map((e) => e.attributes.driverUniqueId)).toEqual(['D1', 'D2']);
    expect(list.filter((e) => e.type === 'deviceFuelDrop').map((e) => e.attributes)).toEqual([{ before: 78, after: 60 }]);
  });

  it('detects a trip: moving dated back to where it set off, stopped after three minutes in place', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Carro', uniqueId: 'ev-motion' });
    const points: Record<string, number>[] = [];
    // parked 2 minutes, then 10 minutes at ~36 km/h heading north (0.001° lat ≈ 111 m per 10 s), then parked 5 minutes
    for (let t = 0; t <= 120; t += 30) points.push({ lat: -23.6, lon: -46.7, timestamp: start + t, speed: 0 });
    for (let i = 1; i <= 60; i++) points.push({ lat: -23.6 + i * 0.001, lon: -46.7, timestamp: start + 120 + i * 10, speed: 19 });
    for (let t = 30; t <= 300; t += 30) points.push({ lat: -23.54, lon: -46.7, timestamp: start + 720 + t, speed: 0 });
    await drive('ev-motion', points);
    const motion = (await events(device.id)).filter((e) => e.type === 'deviceMoving' || e.type === 'deviceStopped');
    expect(motion.map((e) => e.type)).toEqual(['deviceMoving', 'deviceStopped']);
    const at = (e: { eventTime: string }) => (Date.parse(e.eventTime) / 1000 - start);
    // it set off right after the last parked position (t=120) and stopped 180 s after arriving (t=720)
    expect(at(motion[0])).toBeGreaterThanOrEqual(120);
    expect(at(motion[0])).toBeLessThanOrEqual(130);
    expect(at(motion[1])).toBe(720 + 180);
  });

  it('records status changes as deviceOnline and deviceOffline events', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Status', uniqueId: 'ev-status' });
    await drive('ev-status', [{ lat: -23.5, lon: -46.6, timestamp: start }, { lat: -23.5, lon: -46.6, timestamp: start + 5 }]);
    const status = (await events(device.id)).filter((e) => e.type.startsWith('device') && !e.type.includes('Moving'));
    expect(status.map((e) => e.type)).toEqual(['deviceOnline']);
  });

  it('raises deviceInactive once the silence passes the device setting', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Quiet', uniqueId: 'ev-quiet', attributes: { deviceInactivityStart: 60_000 } });
    await drive('ev-quiet', [{ lat: -23.5, lon: -46.6 }]);
    await server.rastro.inactivity.run(Date.now() + 61_000);
    const inactive = (await events(device.id)).filter((e) => e.type === 'deviceInactive');
    expect(inactive).toHaveLength(1);
    expect(typeof inactive[0].attributes.lastUpdate).toBe('number');
    await server.rastro.inactivity.run(Date.now() + 120_000);
    expect((await events(device.id)).filter((e) => e.type === 'deviceInactive')).toHaveLength(1);
  });

  it('pushes events on the socket only to users with a matching web notification rule', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Moto', uniqueId: 'ev-web' });
    const rule = await admin.json('POST', '/api/notifications', { type: 'alarm', notificators: 'web', always: true, attributes: { alarms: 'sos,powerCut' } });
    expect(rule.always).toBe(true);
    const socket = admin.socket();
    await socket.opened;
    await socket.waitFor((f) => (Array.isArray(f.positions) ? true : undefined));
    const now = Math.floor(Date.now() / 1000);
    await drive('ev-web', [{ lat: -23.5, lon: -46.6, timestamp: now - 5, alarm: 'vibration' }, { lat: -23.5, lon: -46.6, timestamp: now, alarm: 'powerCut' }]);
    const pushed = await socket.waitFor((f) => f.events?.find((e: { deviceId: number }) => e.deviceId === device.id));
    expect(pushed).toMatchObject({ type: 'alarm', attributes: { alarm: 'powerCut' } });
    // vibration was stored but matched no rule, so it was not pushed
    expect(socket.frames.flatMap((f) => f.events ?? []).some((e: { attributes: { alarm?: string } }) => e.attributes.alarm === 'vibration')).toBe(false);
    expect((await events(device.id)).filter((e) => e.type === 'alarm').map((e) => e.attributes.alarm)).toEqual(['vibration', 'powerCut']);
    socket.close();
  });
});

describe('computed attributes', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  it('evaluates linked expressions in priority passes and tests them on the latest position', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Gerador', uniqueId: 'calc-1' });
    const kmh = await admin.json('POST', '/api/attributes/computed', { description: 'km/h', attribute: 'speedKmh', expression: 'math:round(speed * 1.852)', type: 'number', priority: 0 });
    const alarm = await admin.json('POST', '/api/attributes/computed', { description: 'hot', attribute: 'alarm', expression: 'temp1 > 90 ? "temperature" : null', type: 'string' });
    const early = await admin.json('POST', '/api/attributes/computed', { description: 'fuel %', attribute: 'fuel', expression: 'adc1 / 10', type: 'number', priority: -1 });
    await admin.json('POST', '/api/attributes/computed', { description: 'unlinked', attribute: 'never', expression: '1', type: 'number' });
    for (const a of [kmh, alarm, early]) await admin.json('POST', '/api/permissions', { deviceId: device.id, attributeId: a.id });

    await reportOsmAnd(server.osmand, { id: 'calc-1', lat: -23.5, lon: -46.6, speed: 27, temp1: 95, adc1: 455 });
    const [latest] = await admin.json('GET', `/api/positions?deviceId=${device.id}`);
    expect(latest.attributes).toMatchObject({ speedKmh: 50, alarm: 'temperature', fuel: 45.5 });
    expect(latest.attributes).not.toHaveProperty('never');
    const alarms = await admin.json('GET', `/api/reports/events?deviceId=${device.id}&type=alarm&from=${new Date(Date.now() - 86400_000).toISOString()}&to=${new Date(Date.now() + 86400_000).toISOString()}`);
    expect(alarms.map((e: { attributes: { alarm: string } }) => e.attributes.alarm)).toEqual(['temperature']);

    const tested = await admin.request('POST', `/api/attributes/computed/test?deviceId=${device.id}`, { attribute: 'x', expression: 'speed > 20 && temp1 > 90', type: 'boolean' });
    expect([tested.status, await tested.text()]).toEqual([200, 'true']);
    const nothing = await admin.request('POST', `/api/attributes/computed/test?deviceId=${device.id}`, { attribute: 'x', expression: 'null', type: 'string' });
    expect(nothing.status).toBe(204);
    const broken = await admin.request('POST', `/api/attributes/computed/test?deviceId=${device.id}`, { attribute: 'x', expression: 'speed >', type: 'number' });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toMatch(/^Expression error/);
  });
});

describe('calendars in processing', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  const ics = (...lines: string[]) =>
    Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', ...lines, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')).toString('base64');

  it('keeps a device\'s positions inside its calendar only, and refuses an unreadable calendar', async () => {
    const bad = await admin.request('POST', '/api/calendars', { name: 'Broken', data: 'bm90IGljcw==' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/iCalendar/);
    // the first hour of every day, UTC
    const calendar = await admin.json('POST', '/api/calendars', { name: 'Primeira hora', data: ics('DTSTART:20240101T000000Z', 'DTEND:20240101T010000Z', 'RRULE:FREQ=DAILY') });
    const device = await admin.json('POST', '/api/devices', { name: 'Turno', uniqueId: 'cal-1', calendarId: calendar.id });
    const midnight = Math.floor(Date.now() / 86400_000) * 86400;
    for (const t of [midnight + 600, midnight + 1200, midnight + 5400]) {
      expect((await reportOsmAnd(server.osmand, { id: 'cal-1', lat: -23.5, lon: -46.6 + t / 1e7, timestamp: t })).status).toBe(200);
    }
    const stored = await admin.json('GET', `/api/positions?deviceId=${device.id}&from=${new Date(midnight * 1000).toISOString()}&to=${new Date((midnight + 86400) * 1000).toISOString()}`);
    expect(stored.map((p: { fixTime: string }) => Date.parse(p.fixTime) / 1000)).toEqual([midnight + 600, midnight + 1200]);
  });
});
