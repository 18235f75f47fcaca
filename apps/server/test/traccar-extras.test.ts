import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, reportOsmAnd, withServer } from './harness.ts';
import { startSmtp } from './smtp.ts';

/**
 * The rest of Traccar's API (issue 18) through the whole server on SQLite: deleting history,
 * taking over a session, one event, the daily statistics, the devices spreadsheet, a manager's
 * message through one channel, the server's recent log lines, and live video without a stream.
 */

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const now = () => Math.floor(Date.now() / 1000);

describe('the rest of Traccar\'s API', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let device: { id: number };
  let other: { id: number };
  let user: { id: number };
  let client: Client;
  let readonly: Client;

  beforeAll(async () => {
    smtp = await startSmtp();
    device = await admin.json('POST', '/api/devices', { name: '=Truck 1', uniqueId: 'extras-1' });
    other = await admin.json('POST', '/api/devices', { name: 'Hidden', uniqueId: 'extras-2' });
    for (const [offset, lat] of [[300, -23.55], [200, -23.56], [100, -23.57]] as const) {
      expect((await reportOsmAnd(server.osmand, { id: 'extras-1', lat, lon: -46.63, timestamp: now() - offset })).status).toBe(200);
    }
    expect((await reportOsmAnd(server.osmand, { id: 'extras-2', lat: -22.9, lon: -47.06, timestamp: now() - 50 })).status).toBe(200);
    user = await admin.json('POST', '/api/users', { name: 'Operador', email: 'operador@example.com', password: 'pass1234' });
    await admin.json('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    client = await Client.login(server.base, 'operador@example.com', 'pass1234');
    const ro = await admin.json('POST', '/api/users', { name: 'Leitor', email: 'leitor@example.com', password: 'pass1234', readonly: true });
    await admin.json('POST', '/api/permissions', { userId: ro.id, deviceId: device.id });
    readonly = await Client.login(server.base, 'leitor@example.com', 'pass1234');
  });
  afterAll(async () => smtp?.close());

  const history = async (who: Client, deviceId: number) =>
    await who.json<{ id: number; latitude: number }[]>('GET', `/api/positions?deviceId=${deviceId}&from=${iso(Date.now() - HOUR)}&to=${iso(Date.now() + HOUR)}`);
  const latest = async (who: Client, deviceId: number) => await who.json<{ id: number; latitude: number }[]>('GET', `/api/positions?deviceId=${deviceId}`);
  const status = async (response: Promise<Response>) => {
    const r = await response;
    return [r.status, await r.text()] as const;
  };

  it('deletes one position; the latest moves to the newest left, in the list and the device', async () => {
    const positions = await history(client, device.id);
    expect(positions.map((p) => p.latitude)).toEqual([-23.55, -23.56, -23.57]);
    const newest = positions[2];
    expect((await latest(client, device.id))[0]?.id).toBe(newest.id);
    // a readonly user never deletes history, nor anyone a position of a device he does not see
    expect(await status(readonly.request('DELETE', `/api/positions/${newest.id}`))).toEqual([400, 'Write access denied']);
    const hidden = (await latest(admin, other.id))[0];
    expect(await status(client.request('DELETE', `/api/positions/${hidden.id}`))).toEqual([400, 'Device access denied']);
    expect((await status(client.request('DELETE', '/api/positions/abc')))[0]).toBe(400);
    expect((await status(client.request('DELETE', '/api/positions/999999')))[0]).toBe(404);

    expect((await client.request('DELETE', `/api/positions/${newest.id}`)).status).toBe(204);
    expect((await latest(client, device.id)).map((p) => p.id)).toEqual([positions[1].id]);
    expect((await admin.json('GET', `/api/devices/${device.id}`)).positionId).toBe(positions[1].id);
    const all = await client.json<{ deviceId: number; id: number }[]>('GET', '/api/positions');
    expect(all.find((p) => p.deviceId === device.id)?.id).toBe(positions[1].id);
    // the next position's distance is measured from the one left, not the deleted one
    expect((await reportOsmAnd(server.osmand, { id: 'extras-1', lat: -23.56, lon: -46.63, timestamp: now() - 10 })).status).toBe(200);
    await expect.poll(async () => (await latest(client, device.id))[0]?.latitude).toBe(-23.56);
    const next = (await latest(client, device.id))[0] as unknown as { attributes: { distance: number } };
    expect(next.attributes.distance).toBe(0);
  });

  it('deletes a period of a device\'s history, checked like any input', async () => {
    const from = iso(Date.now() - HOUR);
    const to = iso(Date.now() + HOUR);
    expect(await status(client.request('DELETE', `/api/positions?from=${from}&to=${to}`))).toEqual([400, 'deviceId is required']);
    expect((await status(client.request('DELETE', `/api/positions?deviceId=${device.id}&from=yesterday&to=${to}`)))[0]).toBe(400);
    expect(await status(client.request('DELETE', `/api/positions?deviceId=${device.id}&from=${to}&to=${from}`))).toEqual([400, 'from must not be after to']);
    expect(await status(readonly.request('DELETE', `/api/positions?deviceId=${device.id}&from=${from}&to=${to}`))).toEqual([400, 'Write access denied']);
    expect(await status(client.request('DELETE', `/api/positions?deviceId=${other.id}&from=${from}&to=${to}`))).toEqual([400, 'Device access denied']);
    expect((await client.request('DELETE', `/api/positions?deviceId=${device.id}&from=${from}&to=${to}`)).status).toBe(204);
    expect(await history(client, device.id)).toEqual([]);
    expect(await latest(client, device.id)).toEqual([]);
    expect((await admin.json('GET', `/api/devices/${device.id}`)).positionId).toBeNull();
    // the other device keeps its history
    expect((await latest(admin, other.id)).length).toBe(1);
  });

  it('lets an administrator or the user\'s manager take over his session, nobody else', async () => {
    const manager = await admin.json('POST', '/api/users', { name: 'Gerente', email: 'gerente@example.com', password: 'pass1234', userLimit: 5 });
    await admin.json('POST', '/api/permissions', { userId: manager.id, managedUserId: user.id });
    const asManager = await Client.login(server.base, 'gerente@example.com', 'pass1234');
    // a plain user takes over nobody; a manager neither an administrator nor a user he does not manage
    expect(await status(client.request('GET', `/api/session/${manager.id}`))).toEqual([400, 'User access denied']);
    expect((await status(asManager.request('GET', '/api/session/1')))[0]).toBe(400);
    expect((await status(asManager.request('GET', '/api/session/0')))[0]).toBe(400);
    const taken = await asManager.request('GET', `/api/session/${user.id}`);
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as { id: number }).id).toBe(user.id);
    // the cookie now is the user's session
    expect((await asManager.json('GET', '/api/session')).id).toBe(user.id);
    const root = await Client.login(server.base, 'admin@example.com', 'admin-secret');
    expect(((await (await root.request('GET', `/api/session/${manager.id}`)).json()) as { email: string }).email).toBe('gerente@example.com');
  });

  it('answers one event to whoever sees its device', async () => {
    const range = `from=${iso(Date.now() - HOUR)}&to=${iso(Date.now() + HOUR)}`;
    const [mine] = await admin.json<{ id: number; type: string }[]>('GET', `/api/reports/events?deviceId=${device.id}&${range}`);
    const [theirs] = await admin.json<{ id: number }[]>('GET', `/api/reports/events?deviceId=${other.id}&${range}`);
    expect(await client.json('GET', `/api/events/${mine.id}`)).toMatchObject({ id: mine.id, deviceId: device.id, type: mine.type });
    expect(await status(client.request('GET', `/api/events/${theirs.id}`))).toEqual([400, 'Device access denied']);
    expect((await status(client.request('GET', '/api/events/987654')))[0]).toBe(404);
    expect((await status(client.request('GET', '/api/events/-1')))[0]).toBe(400);
    expect((await status(new Client(server.base).request('GET', `/api/events/${mine.id}`)))[0]).toBe(401);
  });

  it('records the daily statistics and answers them to administrators', async () => {
    const range = `from=${iso(Date.now() - HOUR)}&to=${iso(Date.now() + HOUR)}`;
    expect(await status(client.request('GET', `/api/statistics?${range}`))).toEqual([400, 'Administrator access required']);
    expect((await status(admin.request('GET', '/api/statistics?from=now')))[0]).toBe(400);
    const [today] = await admin.json<Record<string, number>[]>('GET', `/api/statistics?${range}`);
    expect(today).toBeDefined();
    // five messages from two devices so far, each stored; the users who called the API
    expect(today.messagesReceived).toBe(5);
    expect(today.messagesStored).toBe(5);
    expect(today.activeDevices).toBe(2);
    expect(today.activeUsers).toBeGreaterThanOrEqual(4);
    expect(today.requests).toBeGreaterThan(20);
    expect(today).toMatchObject({ protocols: { osmand: expect.any(Number) as number } });
    const before = today.requests;
    const [again] = await admin.json<Record<string, number>[]>('GET', `/api/statistics?${range}`);
    expect(again.requests).toBeGreaterThan(before);
  });

  it('downloads the devices spreadsheet of the caller\'s devices, and mails it', async () => {
    const response = await client.request('GET', '/api/reports/devices/xlsx', undefined, { 'accept-language': 'en-US' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 2)).toEqual(['Name', 'Identifier']);
    // only his device, its name never a formula
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([["'=Truck 1", 'extras-1']]);
    expect((await status(client.request('GET', '/api/reports/devices/pdf')))[0]).toBe(400);
    expect(await status(client.request('GET', '/api/reports/devices/mail'))).toEqual([400, 'E-mail is not configured']);
    await admin.json('POST', '/tarkan/integrations/email', { smtpHost: '127.0.0.1', smtpPort: smtp.port, senderEmail: 'fleet@example.com', senderName: 'Frota' });
    expect((await client.request('GET', '/api/reports/devices/mail')).status).toBe(204);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes('operador@example.com')).length, { timeout: 10_000 }).toBe(1);
    expect(smtp.mails.find((m) => m.to.includes('operador@example.com'))!.data).toContain('devices-');
  });

  it('sends a manager\'s message to his users through one channel', async () => {
    const body = { subject: 'Aviso', body: 'Pátio fechado amanhã' };
    expect(await status(client.request('POST', '/api/notifications/send/mail', body))).toEqual([400, 'Manager access required']);
    expect((await status(admin.request('POST', '/api/notifications/send/pigeon', body)))[0]).toBe(400);
    expect((await status(admin.request('POST', '/api/notifications/send/mail', { subject: 'x' })))[0]).toBe(400);
    expect((await status(admin.request('POST', '/api/notifications/send/mail?userId=abc', body)))[0]).toBe(400);
    const asManager = await Client.login(server.base, 'gerente@example.com', 'pass1234');
    // a manager names only his users
    expect(await status(asManager.request('POST', '/api/notifications/send/mail?userId=1', body))).toEqual([400, 'User access denied']);
    const sent = smtp.mails.length;
    expect((await asManager.request('POST', `/api/notifications/send/mail?userId=${user.id}`, body)).status).toBe(204);
    expect(smtp.mails.length).toBe(sent + 1);
    expect(smtp.mails.at(-1)!.to).toEqual(['operador@example.com']);
    expect(smtp.mails.at(-1)!.data).toContain('Aviso');
    // without userId: every user he manages, and only them
    expect((await asManager.request('POST', '/api/notifications/send/mail', body)).status).toBe(204);
    expect(smtp.mails.length).toBe(sent + 2);
    const [today] = await admin.json<Record<string, number>[]>('GET', `/api/statistics?from=${iso(Date.now() - HOUR)}&to=${iso(Date.now() + HOUR)}`);
    // the two messages (the spreadsheet's mail is a report's, not a notification's)
    expect(today.mailSent).toBe(2);
  });

  it('shows an administrator the server\'s recent log lines', async () => {
    expect(await status(client.request('GET', '/api/server/logs'))).toEqual([400, 'Administrator access required']);
    expect((await status(admin.request('GET', '/api/server/logs?limit=0')))[0]).toBe(400);
    expect((await status(admin.request('GET', '/api/server/logs?level=loud')))[0]).toBe(400);
    const entries = await admin.json<{ time: string; level: string; message: string }[]>('GET', '/api/server/logs?level=trace&limit=1000');
    expect(Array.isArray(entries)).toBe(true);
    for (const entry of entries) expect(Object.keys(entry).sort()).toEqual(['level', 'message', 'time']);
  });

  it('has no live video: an empty playlist for a visible device, no segment', async () => {
    const playlist = await client.request('GET', `/api/stream/${device.id}/1/live.m3u8`);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    expect(await playlist.text()).toBe('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:5\n#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(await status(client.request('GET', `/api/stream/${other.id}/1/live.m3u8`))).toEqual([400, 'Device access denied']);
    expect((await status(client.request('GET', `/api/stream/${device.id}/1/0.ts`)))[0]).toBe(404);
  });
});
