import { describe, expect, it } from 'vitest';
import { Client, postgresAvailable, withServer, type Dialect } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const PASSWORD = 'share-secret-1';
const HOUR = 3_600_000;
const answer = async (response: Response) => [response.status, await response.text()];
const later = (ms = HOUR) => new Date(Date.now() + ms).toISOString();

describe.each(dialects)('sharing a group (POST /api/share/group) on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

  async function user(email: string, flags: Record<string, unknown> = {}): Promise<{ id: number; client: Client }> {
    const created = await admin.json('POST', '/api/users', { name: email, email, password: PASSWORD, ...flags });
    return { id: created.id, client: await Client.login(server.base, email, PASSWORD) };
  }

  const shareGroup = (client: Client, groupId: number, expiration = later()) =>
    client.form('/api/share/group', { groupId: String(groupId), expiration });

  it("signs a visitor in as a read-only user who sees the group's devices and its subgroups', until the link is revoked", async () => {
    const group = await admin.json('POST', '/api/groups', { name: 'Frota Sul' });
    const sub = await admin.json('POST', '/api/groups', { name: 'Frota Sul / Motos', groupId: group.id });
    const inGroup = await admin.json('POST', '/api/devices', { name: 'Truck', uniqueId: `sg-1-${dialect}`, groupId: group.id });
    const inSub = await admin.json('POST', '/api/devices', { name: 'Moto', uniqueId: `sg-2-${dialect}`, groupId: sub.id });
    await admin.json('POST', '/api/devices', { name: 'Elsewhere', uniqueId: `sg-3-${dialect}` });

    const response = await shareGroup(admin, group.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const token = await response.text();

    const visitor = new Client(server.base);
    const me = await visitor.json('GET', `/api/session?token=${encodeURIComponent(token)}`);
    expect(me).toMatchObject({ name: 'Frota Sul', readonly: true, temporary: true, attributes: { isShared: true } });
    expect(ids(await visitor.json('GET', '/api/devices'))).toEqual([inGroup.id, inSub.id].sort((a, b) => a - b));
    expect(ids(await visitor.json('GET', '/api/groups'))).toEqual([group.id, sub.id].sort((a, b) => a - b));
    expect(await answer(await visitor.request('POST', '/api/devices', { name: 'x', uniqueId: `sg-x-${dialect}` }))).toEqual([400, 'Write access denied']);
    expect(await answer(await shareGroup(visitor, group.id))).toEqual([400, 'Temporary user']);

    // the product's list shows the link with its group, and revoking it ends the visitor
    const listed = (await admin.json('GET', '/tarkan/shares')).find((s: { groupId?: number }) => s.groupId === group.id);
    expect(listed).toMatchObject({ deviceId: 0, groupId: group.id });
    expect((await admin.request('DELETE', `/tarkan/shares/${listed.id}`)).status).toBe(204);
    expect((await visitor.request('GET', '/api/devices')).status).toBe(401);
    expect((await new Client(server.base).request('GET', `/api/session?token=${encodeURIComponent(token)}`)).status).toBe(401);
    expect(await admin.json('GET', `/api/permissions?userId=${me.id}&groupId=0`)).toEqual([]);
  });

  it("lets anyone who sees a group share it, never beyond his own account's expiry, and refuses what Traccar refuses", async () => {
    const group = await admin.json('POST', '/api/groups', { name: 'Rota Norte' });
    const expires = new Date(Date.now() + 2 * HOUR).toISOString();
    const regular = await user(`sg-regular-${dialect}@example.com`, { expirationTime: expires });
    const readonly = await user(`sg-readonly-${dialect}@example.com`, { readonly: true });
    const stranger = await user(`sg-stranger-${dialect}@example.com`);
    for (const u of [regular, readonly]) await admin.json('POST', '/api/permissions', { userId: u.id, groupId: group.id });

    const token = await (await shareGroup(regular.client, group.id, later(24 * HOUR))).text();
    const visitor = await new Client(server.base).json('GET', `/api/session?token=${encodeURIComponent(token)}`);
    expect(Date.parse(visitor.expirationTime)).toBe(Date.parse(expires));
    // Traccar lets read-only users share
    expect((await shareGroup(readonly.client, group.id)).status).toBe(200);

    expect(await answer(await shareGroup(stranger.client, group.id))).toEqual([400, 'Group access denied']);
    expect(await answer(await shareGroup(admin, 999_999))).toEqual([404, 'Group not found']);
    expect(await answer(await shareGroup(admin, group.id, '2020-01-01T00:00:00Z'))).toEqual([400, 'expiration must be in the future']);
    expect(await answer(await shareGroup(admin, group.id, 'tomorrow'))).toEqual([400, 'Invalid request: expiration: expiration must be an ISO 8601 date-time with a time zone']);
    expect((await admin.form('/api/share/group', { expiration: later() })).status).toBe(400);
    expect((await new Client(server.base).form('/api/share/group', { groupId: String(group.id), expiration: later() })).status).toBe(401);

    const settings = await admin.setServerAttributes({ disableShare: true });
    expect(await answer(await shareGroup(regular.client, group.id))).toEqual([400, 'Sharing is disabled']);
    await admin.json('PUT', '/api/server', settings);
  });

  it('reads one group by id (GET /api/groups/{id}) for those who see it', async () => {
    const group = await admin.json('POST', '/api/groups', { name: 'Single', attributes: { speedLimit: 40 } });
    expect(await admin.json('GET', `/api/groups/${group.id}`)).toEqual(group);
    const seer = await user(`sg-seer-${dialect}@example.com`);
    const other = await user(`sg-other-${dialect}@example.com`);
    await admin.json('POST', '/api/permissions', { userId: seer.id, groupId: group.id });
    expect(await seer.client.json('GET', `/api/groups/${group.id}`)).toEqual(group);
    expect(await answer(await other.client.request('GET', `/api/groups/${group.id}`))).toEqual([400, 'Group access denied']);
    expect(await answer(await admin.request('GET', '/api/groups/999999'))).toEqual([404, 'Group not found']);
    expect((await new Client(server.base).request('GET', `/api/groups/${group.id}`)).status).toBe(401);
  });
});
