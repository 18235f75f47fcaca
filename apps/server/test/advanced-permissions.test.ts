import { formatPermissions, permissionBit, type PermissionAction, type PermissionArea } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { Client, withServer } from './harness.ts';

const grant = (...pairs: [PermissionArea, PermissionAction][]) => {
  const bits = new Array<boolean>(128).fill(false);
  for (const [area, action] of pairs) bits[permissionBit(area, action)] = true;
  return formatPermissions(bits);
};

describe('advanced permissions on the server (spec §6)', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  async function userWith(email: string, perms: string): Promise<Client> {
    await admin.json('POST', '/api/users', { name: email, email, password: 'pass1234', attributes: { 'tarkan.advancedPerms': perms } });
    return Client.login(server.base, email, 'pass1234');
  }

  it('apply only when the server option is on', async () => {
    const none = await userWith('none@example.com', grant());
    expect((await none.request('POST', '/api/devices', { name: 'Free', uniqueId: 'adv-free' })).status).toBe(200);
    await admin.setServerAttributes({ 'tarkan.enableAdvancedPerms': true });
    const denied = await none.request('POST', '/api/devices', { name: 'Blocked', uniqueId: 'adv-blocked' });
    expect([denied.status, await denied.text()]).toEqual([400, 'Operation restricted']);
  });

  it('grant each area and action by its bit', async () => {
    const operator = await userWith('operator@example.com', grant(['devices', 'view'], ['devices', 'create'], ['devices', 'lock'], ['geofences', 'create']));
    const device = await operator.json('POST', '/api/devices', { name: 'Op', uniqueId: 'adv-op' });
    const remove = await operator.request('DELETE', `/api/devices/${device.id}`);
    expect([remove.status, await remove.text()]).toEqual([400, 'Operation restricted']);
    expect((await operator.request('POST', '/api/commands/send', { deviceId: device.id, type: 'engineStop' })).status).toBe(202);
    const unlock = await operator.request('POST', '/api/commands/send', { deviceId: device.id, type: 'engineResume' });
    expect([unlock.status, await unlock.text()]).toEqual([400, 'Operation restricted']);
    expect((await operator.request('POST', '/api/geofences', { name: 'Base', area: 'CIRCLE (-23.5 -46.6, 100)' })).status).toBe(200);
    expect((await operator.request('POST', '/api/groups', { name: 'No' })).status).toBe(400);
    const report = await operator.request('GET', `/api/reports/summary?from=2024-01-01T00:00:00Z&to=2024-01-02T00:00:00Z`);
    expect([report.status, await report.text()]).toEqual([400, 'Operation restricted']);
    // administrators are never restricted
    expect((await admin.request('DELETE', `/api/devices/${device.id}`)).status).toBe(204);
  });
});
