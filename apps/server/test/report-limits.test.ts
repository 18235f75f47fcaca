import { beforeAll, describe, expect, it } from 'vitest';
import { flag } from '../src/db/mappers.ts';
import { reportWork } from '../src/reports/pace.ts';
import { ADMIN, Client, postgresAvailable, startTestServer, type Dialect, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const DAY = 86400_000;
/** Devices of the long report: with the default limit's 93 days, a daily summary of thousands of items. */
const FLEET = 40;

/** Waits (a turn of the event loop at a time) until `done` holds; the server runs in this process. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; !done(); i++) {
    if (i > 20000) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

describe.each(dialects)('report limits on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });
  let regular: Client;
  let owner: Client;
  let deviceId: number;
  const now = Date.now();
  const range = (from: number, to: number) => `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
  const allowed = range(now - 93 * DAY, now);

  beforeAll(async () => {
    await admin.json('POST', '/api/users', { name: 'Regular', email: 'regular@example.com', password: 'regular-pw' });
    regular = await Client.login(server.base, 'regular@example.com', 'regular-pw');
    deviceId = (await regular.json('POST', '/api/devices', { name: 'Own', uniqueId: 'limit-own' })).id;
    await admin.json('POST', '/api/users', { name: 'Fleet owner', email: 'owner@example.com', password: 'owner-pw' });
    owner = await Client.login(server.base, 'owner@example.com', 'owner-pw');
    // the regular user's fleet for the long report, straight into the database (the API would take a request each)
    const db = server.rastro.db.kysely;
    const fleet = await db.insertInto('tc_devices')
      .values(Array.from({ length: FLEET }, (_, i) => ({ name: `Fleet ${i}`, uniqueId: `fleet-${i}`, disabled: flag(false), attributes: '{}' })))
      .returning('id').execute();
    const { id: userId } = await db.selectFrom('tc_users').select('id').where('email', '=', 'owner@example.com').executeTakeFirstOrThrow();
    await db.insertInto('tc_user_device').values(fleet.map((d) => ({ userId, deviceId: d.id }))).execute();
  });

  it('answers 400 "Time period exceeds the limit" beyond the configured span, on every report and on position history', async () => {
    const decades = range(Date.parse('1970-01-01T00:00:00Z'), Date.parse('2100-01-01T00:00:00Z'));
    const justOver = range(now - 93 * DAY - 1, now);
    const paths = [
      ...['route', 'events', 'trips', 'stops', 'summary', 'geofences'].flatMap((r) => [`/api/reports/${r}?`, `/api/reports/${r}/xlsx?`]),
      '/api/reports/combined?',
      '/api/reports/summary?daily=true&', '/api/reports/summary/xlsx?daily=true&',
      `/api/positions?deviceId=${deviceId}&`,
      ...['csv', 'gpx', 'kml', 'kmz'].map((f) => `/api/positions/${f}?deviceId=${deviceId}&`),
    ];
    for (const path of paths) {
      for (const period of [decades, justOver]) {
        const response = await regular.request('GET', `${path}${period}`);
        expect({ path, status: response.status, body: await response.text() }).toEqual({ path, status: 400, body: 'Time period exceeds the limit' });
      }
      const within = await regular.request('GET', `${path}${allowed}`);
      expect({ path, status: within.status }).toEqual({ path, status: 200 });
    }
  });

  it('follows RASTRO_REPORT_MAX_DAYS', async () => {
    const short = await startTestServer({ dialect, env: { RASTRO_REPORT_MAX_DAYS: '7' } });
    try {
      const client = await Client.login(short.base, ADMIN.email, ADMIN.password);
      for (const report of ['summary', 'geofences', 'combined']) {
        expect((await client.request('GET', `/api/reports/${report}?${range(now - 7 * DAY, now)}`)).status).toBe(200);
        const over = await client.request('GET', `/api/reports/${report}?${range(now - 8 * DAY, now)}`);
        expect([over.status, await over.text()]).toEqual([400, 'Time period exceeds the limit']);
      }
    } finally {
      await short.stop();
    }
  });

  it('lets a health check through while a long allowed report runs', async () => {
    const before = reportWork.steps;
    const order: string[] = [];
    const report = owner.request('GET', `/api/reports/summary?daily=true&${allowed}`).then(async (response) => {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
      order.push('report');
    });
    await until(() => reportWork.steps > before, 'the report started');
    const health = fetch(`${server.base}/api/health`).then((response) => {
      expect(response.status).toBe(200);
      order.push('health');
    });
    await Promise.all([report, health]);
    expect(order).toEqual(['health', 'report']);
  }, 120_000);

  it('stops the work when the client goes away', async () => {
    const before = { ...reportWork };
    const client = new AbortController();
    const answered = fetch(`${server.base}/api/reports/summary?daily=true&${allowed}`, { headers: { cookie: owner.cookie }, signal: client.signal })
      .then(() => 'answered', () => 'aborted');
    await until(() => reportWork.steps > before.steps, 'the report started');
    client.abort();
    expect(await answered).toBe('aborted');
    await until(() => reportWork.cancelled > before.cancelled, 'the report noticed its client was gone');
    const stoppedAt = reportWork.steps;
    // the server keeps serving, and the cancelled report takes no further step
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    expect((await admin.request('GET', '/api/server')).status).toBe(200);
    expect(reportWork.steps).toBe(stoppedAt);
  }, 120_000);
});
