import { describe, expect, it } from 'vitest';
import { Client, postgresAvailable, withServer, type Dialect } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const PASSWORD = 'orders-secret-1';
const answer = async (response: Response) => [response.status, await response.text()];

describe.each(dialects)("Traccar's orders (/api/orders) on %s", (dialect) => {
  const { server, admin } = withServer({ dialect });

  async function user(email: string, flags: Record<string, unknown> = {}): Promise<{ id: number; client: Client }> {
    const created = await admin.json('POST', '/api/users', { name: email, email, password: PASSWORD, ...flags });
    return { id: created.id, client: await Client.login(server.base, email, PASSWORD) };
  }

  it('creates, lists by description, reads, replaces and deletes an order with its fields', async () => {
    const created = await admin.json('POST', '/api/orders', {
      uniqueId: 'PED-0002', description: 'Entrega Campinas', fromAddress: 'Rua A, 1, São Paulo', toAddress: 'Av. B, 2, Campinas', attributes: { priority: 'high' },
    });
    expect(created).toEqual({
      id: expect.any(Number), uniqueId: 'PED-0002', description: 'Entrega Campinas', fromAddress: 'Rua A, 1, São Paulo', toAddress: 'Av. B, 2, Campinas',
      attributes: { priority: 'high' },
    });
    const other = await admin.json('POST', '/api/orders', { uniqueId: 'PED-0001', description: 'Coleta Santos' });
    expect(other).toMatchObject({ fromAddress: null, toAddress: null, attributes: {} });
    expect((await admin.json('GET', '/api/orders')).map((o: { uniqueId: string }) => o.uniqueId)).toEqual(['PED-0001', 'PED-0002']);
    expect(await admin.json('GET', `/api/orders/${created.id}`)).toEqual(created);

    // PUT replaces the whole row, as Traccar: what is left out is emptied
    const replaced = await admin.json('PUT', `/api/orders/${created.id}`, { id: created.id, uniqueId: 'PED-0002', description: 'Entrega Jundiaí' });
    expect(replaced).toEqual({ id: created.id, uniqueId: 'PED-0002', description: 'Entrega Jundiaí', fromAddress: null, toAddress: null, attributes: {} });

    // linked to devices and groups like the other objects, and listed by them
    const device = await admin.json('POST', '/api/devices', { name: 'Van', uniqueId: `orders-van-${dialect}` });
    expect((await admin.request('POST', '/api/permissions', { deviceId: device.id, orderId: created.id })).status).toBe(204);
    expect((await admin.json('GET', `/api/orders?deviceId=${device.id}`)).map((o: { id: number }) => o.id)).toEqual([created.id]);

    expect((await admin.request('DELETE', `/api/orders/${created.id}`)).status).toBe(204);
    expect(await answer(await admin.request('GET', `/api/orders/${created.id}`))).toEqual([404, 'Order not found']);
    expect(await admin.json('GET', `/api/permissions?deviceId=${device.id}&orderId=0`)).toEqual([]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await admin.json('GET', '/api/orders?all=true');
    expect(await answer(await admin.request('POST', '/api/orders', { description: 'No id' }))).toEqual([400, 'Invalid request: uniqueId: Invalid input: expected string, received undefined']);
    expect(await answer(await admin.request('POST', '/api/orders', { uniqueId: '  ' }))).toEqual([400, 'Invalid request: uniqueId: uniqueId is required']);
    expect((await admin.request('POST', '/api/orders', { uniqueId: 'X', color: 'red' })).status).toBe(400);
    expect((await admin.request('POST', '/api/orders', { uniqueId: 'X', toAddress: 'x'.repeat(600) })).status).toBe(400);
    expect(await answer(await admin.request('PUT', '/api/orders/abc', { uniqueId: 'X' }))).toEqual([400, 'Invalid request: id: Invalid input: expected number, received NaN']);
    expect(await admin.json('GET', '/api/orders?all=true')).toEqual(before);
  });

  it("gives each user his own orders: managers and users write theirs, read-only users only read, nobody reaches another's", async () => {
    const manager = await user(`orders-manager-${dialect}@example.com`, { userLimit: 5 });
    const regular = await user(`orders-regular-${dialect}@example.com`);
    const readonly = await user(`orders-readonly-${dialect}@example.com`, { readonly: true });

    const mine = await manager.client.json('POST', '/api/orders', { uniqueId: 'M-1', description: 'Manager order' });
    const his = await regular.client.json('POST', '/api/orders', { uniqueId: 'R-1', description: 'Regular order' });
    expect((await manager.client.json('GET', '/api/orders')).map((o: { id: number }) => o.id)).toEqual([mine.id]);
    expect((await regular.client.json('GET', '/api/orders')).map((o: { id: number }) => o.id)).toEqual([his.id]);
    expect((await regular.client.json('PUT', `/api/orders/${his.id}`, { ...his, description: 'Changed' })).description).toBe('Changed');

    expect(await answer(await regular.client.request('GET', `/api/orders/${mine.id}`))).toEqual([400, 'Order access denied']);
    expect(await answer(await regular.client.request('PUT', `/api/orders/${mine.id}`, { ...mine, description: 'Taken' }))).toEqual([400, 'Order access denied']);
    expect(await answer(await regular.client.request('DELETE', `/api/orders/${mine.id}`))).toEqual([400, 'Order access denied']);
    expect((await regular.client.request('GET', `/api/orders?userId=${manager.id}`)).status).toBe(400);
    expect((await regular.client.json('GET', '/api/orders?all=true')).map((o: { id: number }) => o.id)).toEqual([his.id]);

    // a read-only user reads what he is given and writes nothing
    await admin.json('POST', '/api/permissions', { userId: readonly.id, orderId: his.id });
    expect((await readonly.client.json('GET', '/api/orders')).map((o: { id: number }) => o.id)).toEqual([his.id]);
    expect(await answer(await readonly.client.request('POST', '/api/orders', { uniqueId: 'RO-1' }))).toEqual([400, 'Write access denied']);
    expect(await answer(await readonly.client.request('PUT', `/api/orders/${his.id}`, his))).toEqual([400, 'Write access denied']);
    expect(await answer(await readonly.client.request('DELETE', `/api/orders/${his.id}`))).toEqual([400, 'Write access denied']);

    // the administrator sees every order with all=true, his own without
    const all = (await admin.json('GET', '/api/orders?all=true')).map((o: { id: number }) => o.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, his.id]));
    expect((await admin.json('GET', '/api/orders')).map((o: { id: number }) => o.id)).not.toContain(mine.id);
    expect((await new Client(server.base).request('GET', '/api/orders')).status).toBe(401);
  });
});
