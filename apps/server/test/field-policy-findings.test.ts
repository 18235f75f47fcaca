import { ADVANCED_PERMISSIONS_KEY, formatPermissions, permissionBit, type PermissionAction, type PermissionArea } from '@rastro/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, postgresAvailable, reportOsmAnd, type Dialect, withServer } from './harness.ts';

/**
 * The field-policy findings of issue 14 (1 and 8), each as it was reproduced against main:
 * a user granting himself every advanced permission, a sign-up carrying every bit, a manager who
 * holds only users.create creating an all-bits sub-user, and a user re-enabling the device an
 * administrator disabled. Each failed before the field policy and passes with it.
 */

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const bits = (...pairs: [PermissionArea, PermissionAction][]) => {
  const list = new Array<boolean>(128).fill(false);
  for (const [area, action] of pairs) list[permissionBit(area, action)] = true;
  return formatPermissions(list);
};
const ALL = 'f'.repeat(32);
const geofence = { name: 'Pátio', area: 'CIRCLE (-23.55 -46.63, 200)' };
const computed = { description: 'Vel', attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' };

describe.each(dialects)('field-policy findings on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });

  beforeAll(async () => {
    const settings = await admin.json('GET', '/api/server');
    await admin.json('PUT', '/api/server', { ...settings, registration: true, attributes: { ...settings.attributes, 'tarkan.enableAdvancedPerms': true } });
  });

  const permsOf = async (id: number) => (await admin.json('GET', `/api/users/${id}`)).attributes[ADVANCED_PERMISSIONS_KEY];

  /** Creating a device, a geofence and a computed attribute: what the 32 × f would have opened. */
  async function expectNoNewRights(client: Client, tag: string): Promise<void> {
    const device = await client.request('POST', '/api/devices', { name: 'Novo', uniqueId: `finding-${dialect}-${tag}` });
    expect([device.status, await device.text()]).toEqual([400, 'Operation restricted']);
    const fence = await client.request('POST', '/api/geofences', geofence);
    expect([fence.status, await fence.text()]).toEqual([400, 'Operation restricted']);
    expect((await client.request('POST', '/api/attributes/computed', computed)).status).toBe(400);
  }

  it('a user cannot grant himself advanced permissions (32 × f on PUT /api/users/{self})', async () => {
    const own = bits(['devices', 'view'], ['users', 'selfEdit']);
    const created = await admin.json('POST', '/api/users', { name: 'Operador', email: `self-grant-${dialect}@findings.test`, password: 'pass1234', attributes: { [ADVANCED_PERMISSIONS_KEY]: own } });
    const client = await Client.login(server.base, created.email, 'pass1234');
    const self = await client.json('GET', '/api/session');
    const response = await client.request('PUT', `/api/users/${self.id}`, { ...self, attributes: { ...self.attributes, [ADVANCED_PERMISSIONS_KEY]: ALL } });
    // a profile save still works; the bits are the stored ones
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await permsOf(self.id)).toBe(own);
    await expectNoNewRights(client, 'self');
  });

  it('a sign-up carrying every bit gets none', async () => {
    const anonymous = new Client(server.base);
    const email = `signup-${dialect}@findings.test`;
    const created = await anonymous.json('POST', '/api/users', { name: 'Visitante', email, password: 'pass1234', attributes: { [ADVANCED_PERMISSIONS_KEY]: ALL } });
    expect(created.attributes[ADVANCED_PERMISSIONS_KEY]).toBeUndefined();
    await expectNoNewRights(await Client.login(server.base, email, 'pass1234'), 'signup');
  });

  it('a manager holding only users.create gives a sub-user no more than that', async () => {
    const own = bits(['users', 'create']);
    const manager = await admin.json('POST', '/api/users', { name: 'Gerente', email: `creator-${dialect}@findings.test`, password: 'pass1234', userLimit: 5, attributes: { [ADVANCED_PERMISSIONS_KEY]: own } });
    const client = await Client.login(server.base, manager.email, 'pass1234');
    const email = `all-bits-${dialect}@findings.test`;
    const sub = await client.json('POST', '/api/users', { name: 'Sub', email, password: 'pass1234', attributes: { [ADVANCED_PERMISSIONS_KEY]: ALL } });
    expect(await permsOf(sub.id)).toBe(own);
    await expectNoNewRights(await Client.login(server.base, email, 'pass1234'), 'sub');
  });

  it('a user cannot re-enable or un-expire the device an administrator disabled', async () => {
    const user = await admin.json('POST', '/api/users', {
      name: 'Cliente', email: `device-${dialect}@findings.test`, password: 'pass1234',
      attributes: { [ADVANCED_PERMISSIONS_KEY]: bits(['devices', 'view'], ['devices', 'edit']) },
    });
    const uniqueId = `disabled-${dialect}`;
    const device = await admin.json('POST', '/api/devices', { name: 'Caminhão', uniqueId });
    await admin.json('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    const stored = await admin.json('PUT', `/api/devices/${device.id}`, { ...device, disabled: true, expirationTime: '2020-01-01T00:00:00.000Z' });
    const client = await Client.login(server.base, user.email, 'pass1234');
    const own = await client.json('GET', `/api/devices/${device.id}`);
    const response = await client.request('PUT', `/api/devices/${device.id}`, { ...own, name: 'Caminhão 2', disabled: false, expirationTime: null });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await admin.json('GET', `/api/devices/${device.id}`)).toMatchObject({ name: 'Caminhão 2', disabled: true, expirationTime: stored.expirationTime });
    // and it still does not report
    const report = await reportOsmAnd(server.osmand, { id: uniqueId, lat: -23.55, lon: -46.63, timestamp: Math.floor(Date.now() / 1000) });
    expect(report.status).not.toBe(200);
    expect(await admin.json('GET', `/api/positions?deviceId=${device.id}`)).toEqual([]);
    // an administrator lifts it
    await admin.json('PUT', `/api/devices/${device.id}`, { ...stored, disabled: false, expirationTime: null });
    expect((await reportOsmAnd(server.osmand, { id: uniqueId, lat: -23.55, lon: -46.63, timestamp: Math.floor(Date.now() / 1000) })).status).toBe(200);
  });
});
