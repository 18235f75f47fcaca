import { describe, expect, it } from 'vitest';
import { ADMIN, Client, withServer } from './harness.ts';

const PASSWORD = 'audit-secret-1';
const answer = async (response: Response) => [response.status, await response.text()];
const iso = (ms: number) => new Date(ms).toISOString();

describe("the audit log as Traccar's actions (GET /api/audit)", () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  const period = (from: number, to: number) => `/api/audit?from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(to))}`;

  it("answers what the audit log recorded in the period, oldest first, with Traccar's action types and objects", async () => {
    const start = Date.now() - 1;
    const device = await admin.json('POST', '/api/devices', { name: 'Audited', uniqueId: 'audit-1' });
    await admin.json('PUT', `/api/devices/${device.id}`, { ...device, name: 'Audited (renamed)' });
    const user = await admin.json('POST', '/api/users', { name: 'Audit user', email: 'audit-user@example.com', password: PASSWORD });
    expect((await admin.request('POST', '/api/permissions', { userId: user.id, deviceId: device.id })).status).toBe(204);
    expect((await admin.request('DELETE', '/api/permissions', { userId: user.id, deviceId: device.id })).status).toBe(204);
    const sent = await admin.request('POST', '/api/commands/send', { deviceId: device.id, type: 'custom', attributes: { data: 'ping' } });
    expect(sent.status).toBeLessThan(300);
    expect((await admin.request('DELETE', `/api/devices/${device.id}`)).status).toBe(204);
    const end = Date.now() + 1;

    const actions = await admin.json('GET', period(start, end));
    const adminId = (await admin.json('GET', '/api/session')).id;
    expect(actions.map((a: Record<string, unknown>) => [a.actionType, a.objectType, a.objectId])).toEqual([
      ['create', 'device', device.id],
      ['edit', 'device', device.id],
      ['create', 'user', user.id],
      ['link', 'device', device.id],
      ['unlink', 'device', device.id],
      ['command', 'device', device.id],
      ['remove', 'device', device.id],
    ]);
    for (const action of actions) {
      expect(action).toEqual({
        id: expect.any(Number), actionTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/), address: null,
        userId: adminId, userEmail: ADMIN.email, actionType: expect.any(String), objectType: expect.any(String), objectId: expect.any(Number),
        attributes: expect.objectContaining({ request: expect.stringMatching(/^(POST|PUT|DELETE) \/api\//) }),
      });
    }
    expect(actions[3].attributes).toMatchObject({ ownerType: 'user', ownerId: user.id, request: 'POST /api/permissions' });
    // what Rastro keeps beyond Traccar: the request's body, its secrets masked
    expect(actions[2].attributes.data).toMatchObject({ email: 'audit-user@example.com' });
    expect(JSON.stringify(actions[2].attributes.data)).not.toContain(PASSWORD);
    const times = actions.map((a: { actionTime: string }) => Date.parse(a.actionTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // the period bounds it on both sides
    expect(await admin.json('GET', period(start - 60_000, start - 30_000))).toEqual([]);
    expect(await admin.json('GET', period(end + 1000, end + 60_000))).toEqual([]);
  });

  it('is for administrators only, and wants a period', async () => {
    await admin.json('POST', '/api/users', { name: 'Manager', email: 'audit-manager@example.com', password: PASSWORD, userLimit: 5 });
    await admin.json('POST', '/api/users', { name: 'Regular', email: 'audit-regular@example.com', password: PASSWORD });
    const manager = await Client.login(server.base, 'audit-manager@example.com', PASSWORD);
    const regular = await Client.login(server.base, 'audit-regular@example.com', PASSWORD);
    const url = period(Date.now() - 60_000, Date.now());
    expect(await answer(await manager.request('GET', url))).toEqual([400, 'Administrator access required']);
    expect(await answer(await regular.request('GET', url))).toEqual([400, 'Administrator access required']);
    expect((await new Client(server.base).request('GET', url)).status).toBe(401);

    expect(await answer(await admin.request('GET', '/api/audit'))).toEqual([400, 'from is required']);
    expect(await answer(await admin.request('GET', `/api/audit?from=${encodeURIComponent(iso(Date.now()))}`))).toEqual([400, 'to is required']);
    expect(await answer(await admin.request('GET', '/api/audit?from=yesterday&to=today')))
      .toEqual([400, 'from must be an ISO 8601 date-time with a time zone, e.g. 2024-05-01T10:00:00Z']);
    expect(await answer(await admin.request('GET', period(Date.now(), Date.now() - 60_000)))).toEqual([400, 'to must not be before from']);
  });
});
