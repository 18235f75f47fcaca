import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from '@rastro/api';
import path from 'node:path';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { DAY_MS, DEFAULT_BILLING_TIME_ZONE, toIsoDate, today } from '../src/billing/dates.ts';
import { runBillingSweep } from '../src/billing/sweep.ts';
import { ADMIN, Client, PG_URL, createSchema, dropSchema, postgresAvailable, startTestServer, type Dialect, type TestServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const TZ = DEFAULT_BILLING_TIME_ZONE;
const HOOK = 'hook-secret-123';

/** Status and text of a refused request. */
async function refusal(response: Response): Promise<[number, string]> {
  return [response.status, await response.text()];
}

describe.each(dialects)('billing, suspension and resellers on %s', (dialect) => {
  let server: TestServer;
  /** A second connection to the same database: a second node running the sweep. */
  let otherNode: Db;
  let schema: string | undefined;
  let admin: Client;
  let reseller: Client;
  let manager: Client;
  let regular: Client;
  let readonlyReseller: Client;
  const ids: Record<string, number> = {};

  const createUser = async (by: Client, body: Record<string, unknown>) => by.json('POST', '/api/users', { password: 'pass1234', ...body });
  const login = (email: string, password = 'pass1234') => new Client(server.base).form('/api/session', { email, password });
  const invoiceCount = async () => (await server.rastro.db.kysely.selectFrom('tc_invoices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  beforeAll(async () => {
    schema = dialect === 'postgres' ? await createSchema() : undefined;
    server = await startTestServer({ dialect, pgSchema: schema, env: { RASTRO_BILLING_SWEEP_MINUTES: '0' } });
    otherNode = openDatabase(
      dialect === 'postgres'
        ? { databaseUrl: PG_URL, dataDir: '', pgSchema: schema }
        : { databaseUrl: null, dataDir: path.dirname(server.rastro.db.sqlite!.name) },
    );
    admin = await Client.login(server.base, ADMIN.email, ADMIN.password);
    ids.reseller = (await createUser(admin, {
      name: 'Revenda Sul', email: 'reseller@example.com', userLimit: 10,
      attributes: { reseller: true, resaleLimit: 3, resellerDomain: 'Frota.Example.com' },
    })).id;
    ids.readonlyReseller = (await createUser(admin, { name: 'Revenda Leitura', email: 'ro-reseller@example.com', userLimit: 5, readonly: true, attributes: { reseller: true } })).id;
    ids.manager = (await createUser(admin, { name: 'Gerente Comum', email: 'manager@example.com', userLimit: 5 })).id;
    ids.regular = (await createUser(admin, { name: 'Usuário Comum', email: 'regular@example.com' })).id;
    reseller = await Client.login(server.base, 'reseller@example.com', 'pass1234');
    manager = await Client.login(server.base, 'manager@example.com', 'pass1234');
    regular = await Client.login(server.base, 'regular@example.com', 'pass1234');
    readonlyReseller = await Client.login(server.base, 'ro-reseller@example.com', 'pass1234');
    ids.c1 = (await createUser(reseller, { name: 'Cliente Um', email: 'c1@example.com', attributes: { billingEnable: true, billingTrustUnlock: false } })).id;
    ids.managed = (await createUser(manager, { name: 'Cliente do Gerente', email: 'managed@example.com' })).id;
    await admin.json('POST', '/api/permissions', { userId: ids.readonlyReseller, managedUserId: ids.c1 });
  });
  afterAll(async () => {
    await otherNode?.close();
    await server?.stop();
    if (schema) await dropSchema(schema);
  });

  describe('resellers', () => {
    it('keeps reseller domains unique, case-insensitively, and well-formed', async () => {
      const stored = await admin.json('GET', `/api/users/${ids.reseller}`);
      expect(stored.attributes.resellerDomain).toBe('frota.example.com');
      const clash = await admin.request('POST', '/api/users', { name: 'Outra Revenda', email: 'other@example.com', password: 'pass1234', attributes: { reseller: true, resellerDomain: 'FROTA.example.COM' } });
      expect(await refusal(clash)).toEqual([400, 'Reseller domain already in use']);
      const bad = await admin.request('POST', '/api/users', { name: 'Outra Revenda', email: 'other@example.com', password: 'pass1234', attributes: { resellerDomain: 'not a domain' } });
      expect(await refusal(bad)).toEqual([400, 'Invalid reseller domain']);
      expect((await admin.json('GET', '/api/users')).some((u: { email: string }) => u.email === 'other@example.com')).toBe(false);
    });

    it('lets only administrators and sub-resellers make resellers', async () => {
      const denied = await reseller.request('POST', '/api/users', { name: 'Sub Revenda', email: 'sub@example.com', password: 'pass1234', attributes: { reseller: true } });
      expect(await refusal(denied)).toEqual([400, 'Sub-reseller access required']);
      const byManager = await manager.request('PUT', `/api/users/${ids.managed}`, { ...(await manager.json('GET', `/api/users/${ids.managed}`)), attributes: { reseller: true } });
      expect(await refusal(byManager)).toEqual([400, 'Sub-reseller access required']);
      const self = await reseller.json('GET', `/api/users/${ids.reseller}`);
      await reseller.json('PUT', `/api/users/${ids.reseller}`, { ...self, attributes: { ...self.attributes, resaleLimit: 100, subReseller: true } });
      expect((await admin.json('GET', `/api/users/${ids.reseller}`)).attributes).toMatchObject({ resaleLimit: 3 });
      expect((await admin.json('GET', `/api/users/${ids.reseller}`)).attributes.subReseller).toBeUndefined();
    });

    it('caps the users a reseller has with the resale limit', async () => {
      await createUser(reseller, { name: 'Cliente Dois', email: 'c2@example.com' }).then((u) => (ids.c2 = u.id));
      await createUser(reseller, { name: 'Cliente Três', email: 'c3@example.com' }).then((u) => (ids.c3 = u.id));
      const over = await reseller.request('POST', '/api/users', { name: 'Cliente Quatro', email: 'c4@example.com', password: 'pass1234' });
      expect(await refusal(over)).toEqual([400, 'Resale limit reached']);
    });

    it('holds links made through /api/permissions to the resale limit too, even an administrator\'s', async () => {
      const customers = async () => (await admin.json('GET', `/api/permissions?userId=${ids.reseller}&managedUserId=0`)).map((l: { managedUserId: number }) => l.managedUserId).sort();
      const before = await customers();
      expect(before).toEqual([ids.c1, ids.c2, ids.c3].sort());
      // a fourth customer, linked instead of created: refused, and nothing linked
      const over = await admin.request('POST', '/api/permissions', { userId: ids.reseller, managedUserId: ids.managed });
      expect(await refusal(over)).toEqual([400, 'Resale limit reached']);
      const bulk = await admin.request('POST', '/api/permissions/bulk', [{ userId: ids.reseller, managedUserId: ids.c1 }, { userId: ids.reseller, managedUserId: ids.managed }]);
      expect(await refusal(bulk)).toEqual([400, 'Resale limit reached']);
      expect(await customers()).toEqual(before);
      // a customer he already has does not count twice; one freed place takes one link
      expect((await admin.request('POST', '/api/permissions', { userId: ids.reseller, managedUserId: ids.c1 })).status).toBe(204);
      expect((await admin.request('DELETE', '/api/permissions', { userId: ids.reseller, managedUserId: ids.c3 })).status).toBe(204);
      expect((await admin.request('POST', '/api/permissions', { userId: ids.reseller, managedUserId: ids.c3 })).status).toBe(204);
      expect(await customers()).toEqual(before);
    });

    it('shows every reseller to administrators and his own figures to a reseller', async () => {
      const device = await admin.json('POST', '/api/devices', { name: 'Caminhão C1', uniqueId: 'bill-dev-1' });
      await admin.json('POST', '/api/permissions', { userId: ids.c1, deviceId: device.id });
      const all = await admin.json('GET', '/tarkan/resellers');
      expect(all.map((r: { email: string }) => r.email).sort()).toEqual(['reseller@example.com', 'ro-reseller@example.com']);
      expect(all.find((r: { id: number }) => r.id === ids.reseller)).toEqual({
        id: ids.reseller, name: 'Revenda Sul', email: 'reseller@example.com', domain: 'frota.example.com', resaleLimit: 3, subReseller: false, customers: 3, devices: 1,
      });
      expect((await reseller.json('GET', '/tarkan/resellers')).map((r: { id: number }) => r.id)).toEqual([ids.reseller]);
      expect(await refusal(await regular.request('GET', '/tarkan/resellers'))).toEqual([400, 'Reseller access required']);
    });

    it('keeps a customer from changing his own billing', async () => {
      const c1 = await Client.login(server.base, 'c1@example.com', 'pass1234');
      const self = await c1.json('GET', '/api/session');
      await c1.json('PUT', `/api/users/${self.id}`, { ...self, name: 'Cliente Um Editado', attributes: { ...self.attributes, billingEnable: false } });
      const stored = await admin.json('GET', `/api/users/${ids.c1}`);
      expect(stored.name).toBe('Cliente Um Editado');
      expect(stored.attributes.billingEnable).toBe(true);
    });
  });

  describe('invoices', () => {
    it('adds an invoice for a reseller\'s own customer, refusing bad input and changing nothing', async () => {
      const before = await invoiceCount();
      for (const [body, message] of [
        [{ value: 0, dueDate: '2030-01-10' }, 'Invalid request: value: value must be greater than zero'],
        [{ value: 10, dueDate: '2030-02-30' }, 'Invalid request: dueDate: must be a real calendar date'],
        [{ value: 10.001, dueDate: '2030-01-10' }, 'Invalid request: value: value has at most two decimals'],
        [{ value: 10 }, 'Invalid request: dueDate: Invalid input: expected string, received undefined'],
      ] as const) {
        expect(await refusal(await reseller.request('POST', `/tarkan/billing/customers/${ids.c1}/invoices`, body))).toEqual([400, message]);
      }
      expect(await invoiceCount()).toBe(before);

      const invoice = await reseller.json('POST', `/tarkan/billing/customers/${ids.c1}/invoices`, { value: 89.9, dueDate: '2030-01-10', description: 'Rastreador' });
      expect(invoice).toMatchObject({ userId: ids.c1, value: 89.9, dueDate: '2030-01-10', status: 'PENDING', paidDate: null, cancelledTime: null, description: 'Rastreador', period: null, createdBy: ids.reseller });
      ids.invoice = invoice.id;
    });

    it('refuses billing actions to everyone else', async () => {
      const body = { value: 10, dueDate: '2030-01-10' };
      expect(await refusal(await reseller.request('POST', `/tarkan/billing/customers/${ids.managed}/invoices`, body))).toEqual([400, 'User access denied']);
      expect(await refusal(await reseller.request('POST', `/tarkan/billing/customers/${ids.reseller}/invoices`, body))).toEqual([400, 'Cannot bill your own account']);
      expect(await refusal(await manager.request('POST', `/tarkan/billing/customers/${ids.managed}/invoices`, body))).toEqual([400, 'Reseller access required']);
      expect(await refusal(await regular.request('POST', `/tarkan/billing/customers/${ids.c1}/invoices`, body))).toEqual([400, 'Reseller access required']);
      expect(await refusal(await readonlyReseller.request('POST', `/tarkan/billing/customers/${ids.c1}/invoices`, body))).toEqual([400, 'Write access denied']);
      expect(await refusal(await readonlyReseller.request('POST', `/tarkan/billing/invoices/${ids.invoice}/cash`, {}))).toEqual([400, 'Write access denied']);
      expect(await refusal(await regular.request('POST', `/tarkan/billing/invoices/${ids.invoice}/cancel`))).toEqual([400, 'Reseller access required']);
      expect(await refusal(await new Client(server.base).request('GET', '/tarkan/invoices'))).toEqual([401, 'User is not authenticated']);
    });

    it('shows a user only his own invoices, and a customer\'s to his administrator, reseller or manager', async () => {
      const c1 = await Client.login(server.base, 'c1@example.com', 'pass1234');
      expect((await c1.json('GET', '/tarkan/invoices')).map((i: { id: number }) => i.id)).toEqual([ids.invoice]);
      expect(await regular.json('GET', '/tarkan/invoices')).toEqual([]);
      expect((await admin.json('GET', `/tarkan/billing/customers/${ids.c1}/invoices`)).length).toBe(1);
      expect((await reseller.json('GET', `/tarkan/billing/customers/${ids.c1}/invoices`)).length).toBe(1);
      expect(await manager.json('GET', `/tarkan/billing/customers/${ids.managed}/invoices`)).toEqual([]);
      expect(await refusal(await manager.request('GET', `/tarkan/billing/customers/${ids.c1}/invoices`))).toEqual([400, 'User access denied']);
      expect(await refusal(await c1.request('GET', `/tarkan/billing/customers/${ids.c2}/invoices`))).toEqual([400, 'Manager access required']);
      const customers = await reseller.json('GET', '/tarkan/billing/customers');
      expect(customers.map((c: { id: number }) => c.id)).toEqual([ids.c1]);
      expect(customers[0]).toMatchObject({ state: 'upToDate', openInvoices: 1, overdueInvoices: 0, suspension: null });
      expect(await refusal(await regular.request('GET', '/tarkan/billing/customers'))).toEqual([400, 'Reseller access required']);
    });

    it('cancels only open invoices, keeping them on record', async () => {
      const cancelled = await reseller.json('POST', `/tarkan/billing/invoices/${ids.invoice}/cancel`);
      expect(cancelled.status).toBe('PENDING');
      expect(cancelled.cancelledTime).toMatch(/^\d{4}-/);
      expect(await refusal(await reseller.request('POST', `/tarkan/billing/invoices/${ids.invoice}/cancel`))).toEqual([400, 'Invoice already cancelled']);
      expect(await refusal(await reseller.request('POST', `/tarkan/billing/invoices/${ids.invoice}/cash`, {}))).toEqual([400, 'Invoice already cancelled']);
      expect(await refusal(await reseller.request('POST', '/tarkan/billing/invoices/999999/cancel'))).toEqual([404, 'Invoice not found']);
    });

    it('marks an invoice received in cash with its paid date', async () => {
      const invoice = await admin.json('POST', `/tarkan/billing/customers/${ids.c1}/invoices`, { value: 50, dueDate: '2030-02-10' });
      expect(await refusal(await reseller.request('POST', `/tarkan/billing/invoices/${invoice.id}/cash`, { paidDate: '2099-01-01' }))).toEqual([400, 'paidDate cannot be in the future']);
      const paid = await reseller.json('POST', `/tarkan/billing/invoices/${invoice.id}/cash`, {});
      expect(paid).toMatchObject({ status: 'RECEIVED_IN_CASH', paidDate: toIsoDate(today(Date.now(), TZ)) });
      expect(await refusal(await reseller.request('POST', `/tarkan/billing/invoices/${invoice.id}/cancel`))).toEqual([400, 'Only pending or overdue invoices can be changed']);
      const dated = await admin.json('POST', `/tarkan/billing/customers/${ids.c1}/invoices`, { value: 50, dueDate: '2030-03-10' });
      expect((await admin.json('POST', `/tarkan/billing/invoices/${dated.id}/cash`, { paidDate: '2024-12-31' })).paidDate).toBe('2024-12-31');
    });
  });

  describe('automatic billing, suspension and trust unlock', () => {
    // due ten days ago, so that every step below is in the past of the real clock
    const realDay = today(Date.now(), TZ);
    const due = realDay - 10 * DAY_MS;
    const at = (day: number) => day + 15 * 3_600_000; // 12:00 in São Paulo
    let customer: Client;

    it('generates the month\'s invoice exactly once, also from two nodes at once', async () => {
      const c2 = await admin.json('GET', `/api/users/${ids.c2}`);
      await reseller.json('PUT', `/api/users/${ids.c2}`, {
        ...c2,
        attributes: {
          billingEnable: true, billingPrice: 120, billingDate: new Date(due).getUTCDate(), billingDescription: 'Mensalidade',
          billingFine: 2, billingFineMode: 'percent', billingInterest: 1, billingDisccount: 5, billingDisccountMode: 'fixed', billingDisccountDays: 3,
          billingSuspension: true, billingSuspensionDays: 5, billingTrustUnlock: true, billingTrustUnlockDays: 2,
        },
      });
      customer = await Client.login(server.base, 'c2@example.com', 'pass1234');
      const now = at(due - 5 * DAY_MS);
      const results = await Promise.all([
        runBillingSweep(server.rastro.db.kysely, now, TZ),
        runBillingSweep(otherNode.kysely, now, TZ),
        runBillingSweep(server.rastro.db.kysely, now, TZ),
      ]);
      expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(1);
      expect((await runBillingSweep(otherNode.kysely, at(due), TZ)).created).toBe(0);
      const [invoice, ...rest] = await customer.json('GET', '/tarkan/invoices');
      expect(rest).toEqual([]);
      expect(invoice).toMatchObject({
        dueDate: toIsoDate(due), value: 120, status: 'PENDING', description: 'Mensalidade', createdBy: null,
        period: toIsoDate(due).slice(0, 7), fine: 2, fineMode: 'percent', interest: 1, discount: 5, discountMode: 'fixed', discountDays: 3,
      });
      ids.monthly = invoice.id;
    });

    it('turns unpaid invoices overdue after the due date and bills the next month', async () => {
      const result = await runBillingSweep(otherNode.kysely, at(due + DAY_MS), TZ);
      expect(result).toMatchObject({ created: 1, overdue: 1, suspended: 0 });
      const invoices = await customer.json('GET', '/tarkan/invoices');
      expect(invoices.map((i: { status: string }) => i.status)).toEqual(['PENDING', 'OVERDUE']);
      expect((await reseller.json('GET', '/tarkan/billing/customers')).find((c: { id: number }) => c.id === ids.c2)).toMatchObject({ state: 'overdue', overdueInvoices: 1 });
    });

    it('suspends after the tolerance days, ending the open session, and refuses the login', async () => {
      expect((await runBillingSweep(server.rastro.db.kysely, at(due + 5 * DAY_MS), TZ)).suspended).toBe(0);
      const results = await Promise.all([runBillingSweep(server.rastro.db.kysely, at(due + 6 * DAY_MS), TZ), runBillingSweep(otherNode.kysely, at(due + 6 * DAY_MS), TZ)]);
      expect(results[0].suspended + results[1].suspended).toBe(1);
      expect((await customer.request('GET', '/api/devices')).status).toBe(401);
      expect(await refusal(await login('c2@example.com'))).toEqual([400, 'Account suspended, trust unlock available']);
      expect((await reseller.json('GET', '/tarkan/billing/customers')).find((c: { id: number }) => c.id === ids.c2)).toMatchObject({ state: 'suspended', suspension: 'overdue' });
      // everybody else still signs in as with Traccar, by form and by Basic credentials
      expect((await login(ADMIN.email, ADMIN.password)).status).toBe(200);
      const basic = await fetch(`${server.base}/api/session`, { headers: { authorization: `Basic ${Buffer.from('regular@example.com:pass1234').toString('base64')}` } });
      expect(basic.status).toBe(200);
    });

    it('lets the customer unlock himself once, on trust', async () => {
      const form = (password: string) => new Client(server.base).form('/tarkan/billing/trust-unlock', { email: 'c2@example.com', password });
      expect((await form('wrong-password')).status).toBe(401);
      const unlocked = await form('pass1234');
      expect(unlocked.status).toBe(200);
      const until = Date.parse(((await unlocked.json()) as { trustUnlockUntil: string }).trustUnlockUntil);
      expect(until).toBeGreaterThan(Date.now() + 2 * DAY_MS - 60_000);
      customer = await Client.login(server.base, 'c2@example.com', 'pass1234');
      expect((await reseller.json('GET', '/tarkan/billing/customers')).find((c: { id: number }) => c.id === ids.c2)).toMatchObject({ state: 'trustUnlocked', trustUnlockUsed: true });
      expect(await refusal(await form('pass1234'))).toEqual([400, 'Trust unlock already used']);
      // the days pass
      await server.rastro.db.kysely.updateTable('tc_users').set({ billingTrustUntil: Date.now() - 1000 }).where('id', '=', ids.c2).execute();
      expect((await customer.request('GET', '/api/devices')).status).toBe(401);
      expect(await refusal(await login('c2@example.com'))).toEqual([400, 'Account suspended']);
      expect(await refusal(await form('pass1234'))).toEqual([400, 'Trust unlock already used']);
      const notSuspended = await new Client(server.base).form('/tarkan/billing/trust-unlock', { email: 'regular@example.com', password: 'pass1234' });
      expect(await refusal(notSuspended)).toEqual([400, 'Account is not suspended']);
    });

    it('authenticates the payment webhook by its token and changes nothing otherwise', async () => {
      const hook = (body: unknown, token: string | null = HOOK) =>
        fetch(`${server.base}/tarkan/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'asaas-access-token': token } : {}) }, body: JSON.stringify(body) });
      const payload = { event: 'PAYMENT_RECEIVED', payment: { id: 'pay_0001', status: 'RECEIVED', value: 120, paymentDate: toIsoDate(realDay), externalReference: String(ids.monthly) } };
      expect(await refusal(await hook(payload))).toEqual([401, 'Invalid webhook token']);
      await admin.json('POST', '/tarkan/integrations/payment', { provider: 'asaas', token: 'api-key-1', webhookToken: HOOK });
      expect((await admin.json('GET', '/tarkan/integrations')).find((i: { key: string }) => i.key === 'payment').list.webhookToken).toBe('••••••');
      expect(await refusal(await hook(payload, null))).toEqual([401, 'Invalid webhook token']);
      expect(await refusal(await hook(payload, 'wrong'))).toEqual([401, 'Invalid webhook token']);
      expect((await hook({ event: 'PAYMENT_RECEIVED', payment: { id: 'pay_0001', status: 'PAID' } })).status).toBe(400);
      expect((await admin.json('GET', `/tarkan/billing/customers/${ids.c2}/invoices`)).find((i: { id: number }) => i.id === ids.monthly).status).toBe('OVERDUE');

      // a payment of the overdue invoice lifts the suspension
      const answer = await hook(payload);
      expect(await answer.json()).toEqual({ received: true, invoiceId: ids.monthly });
      const paid = (await admin.json('GET', `/tarkan/billing/customers/${ids.c2}/invoices`)).find((i: { id: number }) => i.id === ids.monthly);
      expect(paid).toMatchObject({ status: 'RECEIVED', paidDate: toIsoDate(realDay), externalId: 'pay_0001' });
      expect((await login('c2@example.com')).status).toBe(200);
      expect(await (await hook({ event: 'PAYMENT_CREATED', payment: { id: 'pay_not_ours', status: 'PENDING' } })).json()).toEqual({ received: true, invoiceId: null });
    });

    it('follows every status the provider reports, and its deletion', async () => {
      const hook = (body: unknown) =>
        fetch(`${server.base}/tarkan/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'asaas-access-token': HOOK }, body: JSON.stringify(body) });
      const invoice = await admin.json('POST', `/tarkan/billing/customers/${ids.c3}/invoices`, { value: 30, dueDate: '2030-05-10' });
      for (const status of INVOICE_STATUSES) {
        const response = await hook({ event: 'PAYMENT_UPDATED', payment: { id: 'pay_0002', status, externalReference: String(invoice.id) } });
        expect(response.status).toBe(200);
        expect((await admin.json('GET', `/tarkan/billing/customers/${ids.c3}/invoices`))[0].status).toBe(status);
      }
      await hook({ event: 'PAYMENT_DELETED', payment: { id: 'pay_0002', status: 'PENDING' } });
      expect((await admin.json('GET', `/tarkan/billing/customers/${ids.c3}/invoices`))[0]).toMatchObject({ status: 'PENDING', externalId: 'pay_0002', cancelledTime: expect.any(String) });
    });

    it('lets administrators and resellers suspend, unsuspend and grant a trust unlock by hand', async () => {
      expect((await reseller.request('POST', `/tarkan/billing/customers/${ids.c1}/suspend`)).status).toBe(204);
      expect(await refusal(await login('c1@example.com'))).toEqual([400, 'Account suspended']);
      // a payment does not lift a suspension made by hand
      const invoice = await reseller.json('POST', `/tarkan/billing/customers/${ids.c1}/invoices`, { value: 10, dueDate: '2030-06-10' });
      await reseller.json('POST', `/tarkan/billing/invoices/${invoice.id}/cash`, {});
      expect((await login('c1@example.com')).status).toBe(400);
      expect(await reseller.json('POST', `/tarkan/billing/customers/${ids.c1}/trust-unlock`)).toEqual({ trustUnlockUntil: expect.any(String) });
      expect((await login('c1@example.com')).status).toBe(200);
      expect((await reseller.request('POST', `/tarkan/billing/customers/${ids.c1}/unsuspend`)).status).toBe(204);
      expect(await refusal(await reseller.request('POST', `/tarkan/billing/customers/${ids.c1}/unsuspend`))).toEqual([400, 'Account is not suspended']);
      expect(await refusal(await manager.request('POST', `/tarkan/billing/customers/${ids.managed}/suspend`))).toEqual([400, 'Reseller access required']);
      const self = await admin.json('GET', '/api/session');
      expect(await refusal(await admin.request('POST', `/tarkan/billing/customers/${self.id}/suspend`))).toEqual([400, 'Administrators cannot be suspended']);
    });
  });
});
