import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createSchema, dropSchema, postgresAvailable, reportOsmAnd, startTestServer, withServer, type Dialect } from './harness.ts';
import { startSmtp, type Received } from './smtp.ts';

const postgres = await postgresAvailable();
const dialects: Dialect[] = ['sqlite', ...(postgres ? (['postgres'] as const) : [])];

const HOUR = 3_600_000;
/** As the API writes times. */
const wire = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');
const DAY = 24 * HOUR;

/** A calendar of one event a day, `length` long, starting at `start` (UTC): its occurrences end every day at start + length. */
function dailyCalendar(start: number, length = DAY): string {
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:daily@test', `DTSTART:${stamp(start)}`, `DTEND:${stamp(start + length)}`,
    'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')).toString('base64');
}

/** The attachment of a received message: its file name and bytes (nodemailer sends it base64). */
function attachment(mail: Received): { filename: string; content: Buffer } {
  const match = /Content-Disposition: attachment;\s+filename=("?)([^"\r\n]+)\1\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(mail.data);
  if (!match) throw new Error(`no attachment in ${mail.data.slice(0, 2000)}`);
  return { filename: match[2], content: Buffer.from(match[3].replace(/\r\n/g, ''), 'base64') };
}

/** The message's plain text part, its transfer encoding undone (the texts are UTF-8). */
function mailText(mail: Received): string {
  const match = /Content-Type: text\/plain[^\r\n]*\r\nContent-Transfer-Encoding: ([\w-]+)\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/.exec(mail.data);
  if (!match) throw new Error(`no text part in ${mail.data.slice(0, 2000)}`);
  const [, encoding, body] = match;
  if (encoding.toLowerCase() === 'base64') return Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8');
  if (encoding.toLowerCase() !== 'quoted-printable') return body;
  const joined = body.replace(/=\r\n/g, '');
  const bytes = Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  return bytes.toString('utf8');
}

/** `dd/MM/yyyy, hh:mm AM` of São Paulo (UTC−3 all year), as pt-BR writes it on a 12-hour clock. */
function saoPauloTwelveHour(ms: number): string {
  const wall = new Date(ms - 3 * HOUR).toISOString();
  const hour = Number(wall.slice(11, 13));
  return `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)}, ${String(hour % 12 || 12).padStart(2, '0')}:${wall.slice(14, 16)} ${hour < 12 ? 'AM' : 'PM'}`;
}

describe.each(dialects)('scheduled reports on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let manager: Client;
  let managerId: number;
  let deviceId: number;
  let hiddenDeviceId: number;
  let calendarId: number;
  // the day's occurrence started two hours ago and ends in 22 hours
  const start = Math.floor(Date.now() / 60_000) * 60_000 - 2 * HOUR;
  const end = start + DAY;

  beforeAll(async () => {
    smtp = await startSmtp();
    await admin.json('POST', '/tarkan/integrations/email', { smtpHost: '127.0.0.1', smtpPort: smtp.port, senderEmail: 'relatorios@frota.example', senderName: 'Frota' });
    const user = await admin.json('POST', '/api/users', {
      name: 'Gestora', email: `gestora-${dialect}@frota.example`, password: 'pass1234', attributes: { 'tarkan.lang': 'en-US', timezone: 'America/Sao_Paulo' },
    });
    managerId = user.id;
    manager = await Client.login(server.base, `gestora-${dialect}@frota.example`, 'pass1234');
    deviceId = (await manager.json('POST', '/api/devices', { name: 'Truck 12', uniqueId: `sched-${dialect}` })).id;
    // a device of the administrator's that the manager does not see
    hiddenDeviceId = (await admin.json('POST', '/api/devices', { name: 'Hidden', uniqueId: `sched-hidden-${dialect}` })).id;
    for (const [uniqueId, minutes] of [[`sched-${dialect}`, 70], [`sched-${dialect}`, 60], [`sched-hidden-${dialect}`, 60]] as const) {
      const at = Math.floor((Date.now() - minutes * 60_000) / 1000);
      expect((await reportOsmAnd(server.osmand, { id: uniqueId, lat: -23.5, lon: -46.6 - minutes / 1000, timestamp: at })).status).toBe(200);
    }
    calendarId = (await manager.json('POST', '/api/calendars', { name: 'Every day', data: dailyCalendar(start) })).id;
  });
  afterAll(async () => smtp?.close());

  it("keeps Traccar's Report: type, description, calendarId, attributes, plus when it last ran and runs next", async () => {
    const before = Date.now();
    const report = await manager.json('POST', '/api/reports', { type: 'summary', description: 'Daily summary', calendarId, attributes: { daily: true } });
    expect(report).toEqual({
      id: expect.any(Number), type: 'summary', description: 'Daily summary', calendarId, attributes: { daily: true },
      lastRun: expect.any(String), nextRun: wire(end), deviceIds: [], groupIds: [],
    });
    expect(Date.parse(report.lastRun)).toBeGreaterThanOrEqual(before - 1000);
    expect(await manager.json('GET', '/api/reports')).toEqual([report]);
    expect(await manager.json('GET', `/api/reports/${report.id}`)).toEqual(report);
    // a body as GET returned it may be sent back: the run times stay the server's
    const edited = await manager.json('PUT', `/api/reports/${report.id}`, { ...report, description: 'Summary', lastRun: '2000-01-01T00:00:00Z', nextRun: null });
    expect(edited).toEqual({ ...report, description: 'Summary' });
    expect((await manager.request('DELETE', `/api/reports/${report.id}`)).status).toBe(204);
    expect(await manager.json('GET', '/api/reports')).toEqual([]);
  });

  it('refuses unknown types and periods, calendars of others and read-only users', async () => {
    for (const body of [{ type: 'combined', calendarId }, { type: 'bogus', calendarId }, { type: 'trips', calendarId, attributes: { period: 'fortnight' } }]) {
      const refused = await manager.request('POST', '/api/reports', body);
      expect(refused.status).toBe(400);
    }
    const theirs = await admin.json('POST', '/api/calendars', { name: 'Admin only', data: dailyCalendar(start) });
    const denied = await manager.request('POST', '/api/reports', { type: 'trips', calendarId: theirs.id });
    expect([denied.status, await denied.text()]).toEqual([400, 'Calendar access denied']);
    const adminReport = await admin.json('POST', '/api/reports', { type: 'trips', calendarId: theirs.id });
    for (const [method, body] of [['GET', undefined], ['PUT', { ...adminReport, description: 'mine' }], ['DELETE', undefined]] as const) {
      const hidden = await manager.request(method, `/api/reports/${adminReport.id}`, body);
      expect([hidden.status, await hidden.text()]).toEqual([400, 'Report access denied']);
    }
    await admin.json('POST', '/api/users', { name: 'Leitor', email: `reader-${dialect}@frota.example`, password: 'pass1234', readonly: true });
    const reader = await Client.login(server.base, `reader-${dialect}@frota.example`, 'pass1234');
    const readonly = await reader.request('POST', '/api/reports', { type: 'trips' });
    expect([readonly.status, await readonly.text()]).toEqual([400, 'Write access denied']);
    expect((await fetch(`${server.base}/api/reports`)).status).toBe(401);
    await admin.request('DELETE', `/api/reports/${adminReport.id}`);
  });

  it('runs a due report once, mails the spreadsheet to its users and sets the next run', async () => {
    const report = await manager.json('POST', '/api/reports', { type: 'summary', description: 'Fleet day', calendarId });
    await manager.json('POST', '/api/permissions', { deviceId, reportId: report.id });
    // the administrator links his hidden device to it too: the manager's copy leaves it out
    await admin.json('POST', '/api/permissions', { deviceId: hiddenDeviceId, reportId: report.id });
    expect((await manager.json('GET', `/api/reports/${report.id}`)).deviceIds).toEqual([deviceId, hiddenDeviceId].sort((a, b) => a - b));
    const scheduler = server.rastro.reportScheduler;

    // nothing is due before the occurrence ends
    expect(await scheduler.tick(end - 60_000)).toEqual([]);
    const sent = smtp.mails.length;
    // two ticks at once, as two nodes would: one runs it
    const runs = (await Promise.all([scheduler.tick(end + 60_000), scheduler.tick(end + 60_000)])).flat();
    expect(runs).toEqual([{ reportId: report.id, from: start, to: end - 1, mailed: [`gestora-${dialect}@frota.example`] }]);
    expect(smtp.mails.length).toBe(sent + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual([`gestora-${dialect}@frota.example`]);
    expect(mail.from).toBe('relatorios@frota.example');
    expect(mail.data).toContain('Subject: Scheduled report: Fleet day');
    const file = attachment(mail);
    // named by type and the first day, in the user's zone (São Paulo)
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(start);
    expect(file.filename).toBe(`summary-${day}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(file.content).buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Summary');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Truck 12');

    // the next run is the next occurrence's end; running again at the same time sends nothing
    const stored = await manager.json('GET', `/api/reports/${report.id}`);
    expect([stored.lastRun, stored.nextRun]).toEqual([wire(end), wire(end + DAY)]);
    expect(await scheduler.tick(end + 120_000)).toEqual([]);
    expect(smtp.mails.length).toBe(sent + 1);
    await manager.request('DELETE', `/api/reports/${report.id}`);
  });

  it("writes the period in the mail in the recipient's language, zone and clock", async () => {
    const self = await admin.json('GET', `/api/users/${managerId}`);
    await admin.json('PUT', `/api/users/${managerId}`, { ...self, attributes: { ...self.attributes, 'tarkan.lang': 'pt-BR', twelveHourFormat: true } });
    try {
      const report = await manager.json('POST', '/api/reports', { type: 'summary', description: 'Frota do dia', calendarId });
      await manager.json('POST', '/api/permissions', { deviceId, reportId: report.id });
      const sent = smtp.mails.length;
      await server.rastro.reportScheduler.tick(end + 60_000);
      expect(smtp.mails.length).toBe(sent + 1);
      const text = mailText(smtp.mails.at(-1)!);
      expect(text).toContain(`Segue em anexo o relatório "Frota do dia" de ${saoPauloTwelveHour(start)} a ${saoPauloTwelveHour(end - 1)}.`);
      await manager.request('DELETE', `/api/reports/${report.id}`);
    } finally {
      await admin.json('PUT', `/api/users/${managerId}`, self);
    }
  });

  it("covers the period preset in the user's time zone, and skips users without reports", async () => {
    const report = await manager.json('POST', '/api/reports', { type: 'trips', description: 'Yesterday', calendarId, attributes: { period: 'yesterday' } });
    await manager.json('POST', '/api/permissions', { deviceId, reportId: report.id });
    const muted = await admin.json('POST', '/api/users', { name: 'Sem relatórios', email: `muted-${dialect}@frota.example`, password: 'pass1234', disableReports: true });
    await admin.json('POST', '/api/permissions', { userId: muted.id, reportId: report.id });
    const [run] = await server.rastro.reportScheduler.tick(end + 60_000);
    // yesterday of São Paulo (UTC−3) as the occurrence ended
    const today = Date.parse(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(end)}T03:00:00Z`);
    expect(run).toEqual({ reportId: report.id, from: today - DAY, to: today - 1, mailed: [`gestora-${dialect}@frota.example`] });
    await manager.request('DELETE', `/api/reports/${report.id}`);
    expect(managerId).toBeGreaterThan(0);
  });
});

describe.runIf(postgres)('scheduled reports across a restart', () => {
  let schema: string;
  beforeAll(async () => {
    schema = await createSchema();
  });
  afterAll(async () => dropSchema(schema));

  it('a node started after the occurrence ended runs it, from the calendar and the last run stored', async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000 - HOUR;
    const first = await startTestServer({ dialect: 'postgres', pgSchema: schema });
    let reportId: number;
    try {
      const admin = await Client.login(first.base, 'admin@example.com', 'admin-secret');
      const calendar = await admin.json('POST', '/api/calendars', { name: 'Daily', data: dailyCalendar(start) });
      reportId = (await admin.json('POST', '/api/reports', { type: 'events', calendarId: calendar.id })).id;
    } finally {
      await first.stop();
    }
    const second = await startTestServer({ dialect: 'postgres', pgSchema: schema });
    try {
      const runs = await second.rastro.reportScheduler.tick(start + DAY + 60_000);
      // no mail server and no user but its creator: it ran, claimed by this node
      expect(runs.map((r) => r.reportId)).toEqual([reportId]);
      expect(await second.rastro.reportScheduler.tick(start + DAY + 120_000)).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});
