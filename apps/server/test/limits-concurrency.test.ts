import { describe, expect, it } from 'vitest';
import { Client, postgresAvailable, type Dialect, withServer } from './harness.ts';

/**
 * Limits that hold under concurrency (issue 14, finding 9): on PostgreSQL, 20 concurrent creations
 * by a manager with userLimit 5 gave 15 users and deviceLimit 2 gave 3 devices (count, then
 * insert). Now the count runs inside the creating transaction after locking the limit's owner.
 */

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const ATTEMPTS = 20;

describe.each(dialects)('limits under concurrent creations on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });

  async function account(email: string, fields: Record<string, unknown>): Promise<Client> {
    await admin.json('POST', '/api/users', { name: email, email, password: 'pass1234', ...fields });
    return Client.login(server.base, email, 'pass1234');
  }

  /** Sends all requests at once; answers their statuses and texts. */
  async function burst(send: (i: number) => Promise<Response>): Promise<{ ok: number; refusals: string[] }> {
    const responses = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => send(i)));
    const texts = await Promise.all(responses.map((r) => r.text()));
    return { ok: responses.filter((r) => r.ok).length, refusals: [...new Set(texts.filter((_, i) => !responses[i].ok))] };
  }

  it(`a manager with userLimit 5 gets exactly 5 users out of ${ATTEMPTS} concurrent creations`, async () => {
    const manager = await account('limit-manager@limits.test', { userLimit: 5 });
    const result = await burst((i) => manager.request('POST', '/api/users', { name: `Sub ${i}`, email: `sub-${i}@limits.test`, password: 'pass1234' }));
    expect(result).toEqual({ ok: 5, refusals: ['Manager user limit reached'] });
    expect(await manager.json('GET', '/api/users')).toHaveLength(5);
  });

  it(`a user with deviceLimit 2 gets exactly 2 devices out of ${ATTEMPTS} concurrent creations`, async () => {
    const user = await account('limit-devices@limits.test', { deviceLimit: 2 });
    const result = await burst((i) => user.request('POST', '/api/devices', { name: `Veículo ${i}`, uniqueId: `limit-${i}` }));
    expect(result).toEqual({ ok: 2, refusals: ['User device limit reached'] });
    expect(await user.json('GET', '/api/devices')).toHaveLength(2);
  });

  it(`a reseller with resaleLimit 3 gets exactly 3 customers out of ${ATTEMPTS} concurrent creations`, async () => {
    const reseller = await account('limit-reseller@limits.test', { userLimit: -1, attributes: { reseller: true, resaleLimit: 3 } });
    const result = await burst((i) => reseller.request('POST', '/api/users', { name: `Cliente ${i}`, email: `customer-${i}@limits.test`, password: 'pass1234' }));
    expect(result).toEqual({ ok: 3, refusals: ['Resale limit reached'] });
    expect(await reseller.json('GET', '/api/users')).toHaveLength(3);
  });

  it(`an administrator linking ${ATTEMPTS} existing users under a reseller with resaleLimit 3 at once links exactly 3`, async () => {
    const reseller = await admin.json('POST', '/api/users', { name: 'Revenda', email: 'link-reseller@limits.test', password: 'pass1234', userLimit: -1, attributes: { reseller: true, resaleLimit: 3 } });
    const users: { id: number }[] = [];
    for (let i = 0; i < ATTEMPTS; i++) users.push(await admin.json('POST', '/api/users', { name: `Avulso ${i}`, email: `loose-${i}@limits.test`, password: 'pass1234' }));
    const result = await burst((i) => admin.request('POST', '/api/permissions', { userId: reseller.id, managedUserId: users[i].id }));
    expect(result).toEqual({ ok: 3, refusals: ['Resale limit reached'] });
    expect(await admin.json('GET', `/api/users?userId=${reseller.id}`)).toHaveLength(3);
  });
});
