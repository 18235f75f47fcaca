import { describe, expect, it } from 'vitest';
import { Client, withServer } from './harness.ts';

/**
 * Spec §3 server setting `enableLockUnlock` (the attribute `tarkan.enableLockUnlock`): on while
 * unset; turned off, engine stop and resume (the web's Lock and Unlock) are neither offered nor
 * sent, to anyone, administrators and saved commands included. Other commands are unaffected.
 */
describe('the lock/unlock switch on the server', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  async function setLockUnlock(value: boolean | undefined): Promise<void> {
    const current = await admin.json('GET', '/api/server');
    const { 'tarkan.enableLockUnlock': _previous, ...attributes } = current.attributes as Record<string, unknown>;
    await admin.json('PUT', '/api/server', { ...current, attributes: value === undefined ? attributes : { ...attributes, 'tarkan.enableLockUnlock': value } });
  }

  const types = async (client: Client) => (await client.json<{ type: string }[]>('GET', '/api/commands/types')).map((t) => t.type);
  const refusal = async (response: Response) => [response.status, await response.text()];

  it('offers and sends engine stop and resume while unset, refuses them when off, and takes them again when on', async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Truck', uniqueId: 'lock-truck' });
    await admin.json('POST', '/api/users', { name: 'Operator', email: 'lock-op@example.com', password: 'pass1234' });
    const operator = await Client.login(server.base, 'lock-op@example.com', 'pass1234');
    const user = (await operator.json<{ id: number }>('GET', '/api/session')).id;
    await admin.json('POST', '/api/permissions', { userId: user, deviceId: device.id });
    const saved = await operator.json('POST', '/api/commands', { description: 'Cut', type: 'engineStop', attributes: {} });

    // unset: as before the switch existed
    expect(await types(operator)).toEqual(expect.arrayContaining(['engineStop', 'engineResume']));
    expect((await operator.request('POST', '/api/commands/send', { deviceId: device.id, type: 'engineStop' })).status).toBe(202);

    await setLockUnlock(false);
    for (const client of [operator, admin]) {
      expect(await types(client)).not.toContain('engineStop');
      expect(await types(client)).not.toContain('engineResume');
      expect(await types(client)).toContain('custom');
      for (const type of ['engineStop', 'engineResume']) {
        expect(await refusal(await client.request('POST', '/api/commands/send', { deviceId: device.id, type }))).toEqual([400, 'Lock and unlock are disabled']);
      }
    }
    // a saved engine command is refused the same way; other commands still go
    expect(await refusal(await operator.request('POST', '/api/commands/send', { id: saved.id, deviceId: device.id }))).toEqual([400, 'Lock and unlock are disabled']);
    expect((await operator.request('POST', '/api/commands/send', { deviceId: device.id, type: 'custom', attributes: { data: 'hello' } })).status).toBe(202);

    await setLockUnlock(true);
    expect(await types(operator)).toEqual(expect.arrayContaining(['engineStop', 'engineResume']));
    expect((await operator.request('POST', '/api/commands/send', { deviceId: device.id, type: 'engineResume' })).status).toBe(202);
    expect((await operator.request('POST', '/api/commands/send', { id: saved.id, deviceId: device.id })).status).toBe(202);
  });
});

/**
 * Spec §5: the device limit is the tightest of the user's deviceLimit, the server's
 * tarkan.deviceLimit and the licence's — the last two for administrators too.
 */
describe("the server's device limit binds administrators", () => {
  const { admin } = withServer({ dialect: 'sqlite' });

  async function setServerLimit(limit: number | undefined): Promise<void> {
    const current = await admin.json('GET', '/api/server');
    const { 'tarkan.deviceLimit': _previous, ...attributes } = current.attributes as Record<string, unknown>;
    await admin.json('PUT', '/api/server', { ...current, attributes: limit === undefined ? attributes : { ...attributes, 'tarkan.deviceLimit': limit } });
  }

  it('refuses an administrator his device past tarkan.deviceLimit, and lets him on once it is raised or gone', async () => {
    await admin.json('POST', '/api/devices', { name: 'One', uniqueId: 'admin-limit-1' });
    await setServerLimit(2);
    await admin.json('POST', '/api/devices', { name: 'Two', uniqueId: 'admin-limit-2' });
    const third = await admin.request('POST', '/api/devices', { name: 'Three', uniqueId: 'admin-limit-3' });
    expect([third.status, await third.text()]).toEqual([400, 'User device limit reached']);
    expect(await admin.json('GET', '/api/devices')).toHaveLength(2);

    await setServerLimit(3);
    expect((await admin.request('POST', '/api/devices', { name: 'Three', uniqueId: 'admin-limit-3' })).status).toBe(200);
    await setServerLimit(undefined);
    expect((await admin.request('POST', '/api/devices', { name: 'Four', uniqueId: 'admin-limit-4' })).status).toBe(200);
  });

  it("leaves an administrator's own deviceLimit out, as Traccar does", async () => {
    await admin.json('POST', '/api/users', { name: 'Second admin', email: 'admin2@example.com', password: 'pass1234', administrator: true, deviceLimit: 0 });
    const second = await Client.login(admin.base, 'admin2@example.com', 'pass1234');
    expect((await second.request('POST', '/api/devices', { name: 'Theirs', uniqueId: 'admin2-device' })).status).toBe(200);
  });
});

describe('the licence limit binds administrators', () => {
  const { admin } = withServer({ dialect: 'sqlite', env: { RASTRO_LICENSE_DEVICE_LIMIT: '1' } });

  it('refuses the device past the licence', async () => {
    await admin.json('POST', '/api/devices', { name: 'Only', uniqueId: 'licence-1' });
    const second = await admin.request('POST', '/api/devices', { name: 'Second', uniqueId: 'licence-2' });
    expect([second.status, await second.text()]).toEqual([400, 'User device limit reached']);
  });
});
