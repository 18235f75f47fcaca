import { cashReceiptSchema, invoiceInputSchema, loginFormSchema, paymentWebhookSchema, type BillingCustomer } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { managedUserIds } from '../../db/access.ts';
import { idIn } from '../../db/id-list.ts';
import { attrs } from '../../db/mappers.ts';
import { findUserById, type UserRow } from '../../db/users.ts';
import { ClientError, notFound } from '../../domain/errors.ts';
import { toIso } from '../../domain/time.ts';
import { accountState, grantTrustUnlock, lift, reviewAccount, selfTrustUnlock, suspendByHand } from '../../billing/account.ts';
import { billingTimeZone, parseIsoDate, today } from '../../billing/dates.ts';
import { addInvoice, cancelInvoice, findInvoice, listInvoices, receiveInCash, toInvoice } from '../../billing/invoices.ts';
import { isReseller, mayManageBilling } from '../../billing/resellers.ts';
import { billingSettings } from '../../billing/settings.ts';
import { applyPaymentEvent, tokenMatches } from '../../billing/webhook.ts';
import { checkCredentials, disabledReason, requireUser } from '../auth.ts';
import { announceRevocation } from '../revocation.ts';
import type { ApiContext } from '../context.ts';
import { parseBody, pathId } from '../params.ts';

/** Header in which the payment provider (Asaas) sends the webhook token. */
export const WEBHOOK_TOKEN_HEADER = 'asaas-access-token';

/**
 * Invoices, billing actions, trust unlock and the payment webhook (spec §3 Invoice, §4, §6);
 * documented in docs/architecture.md "Billing". Every action is checked here: billing actions
 * are for administrators and resellers over the users they manage, never on themselves, and
 * never for read-only accounts.
 */
export function billingRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  const { guards } = ctx;
  const clock = async () => {
    const now = Date.now();
    return { now, day: today(now, billingTimeZone(attrs((await ctx.settings.get()).attributes))) };
  };

  /** The customer a caller looks at (`act` false) or acts on (`act` true), or a clear refusal. */
  async function customer(caller: UserRow, targetId: number, act: boolean): Promise<UserRow> {
    if (act) {
      if (!mayManageBilling(caller)) throw new ClientError('Reseller access required');
      await guards.checkReadonly(caller);
      if (targetId === caller.id && !caller.administrator) throw new ClientError('Cannot bill your own account');
    } else if (!guards.isManager(caller) && !isReseller(caller)) {
      throw new ClientError('Manager access required');
    }
    await guards.checkUser(caller, targetId);
    const target = await findUserById(db, targetId);
    if (!target) throw notFound('User');
    return target;
  }

  app.get('/tarkan/invoices', async (request) => listInvoices(db, requireUser(request).id));

  app.get('/tarkan/billing/customers', async (request) => {
    const caller = requireUser(request);
    if (!mayManageBilling(caller)) throw new ClientError('Reseller access required');
    let query = db.selectFrom('tc_users').selectAll().where('administrator', '=', 0).orderBy('name');
    if (!caller.administrator) {
      const managed = await managedUserIds(db, caller.id);
      if (!managed.length) return [];
      query = query.where(idIn(ctx.db.dialect, 'id', managed));
    }
    const users = (await query.execute()).filter((u) => billingSettings(attrs(u.attributes)).enabled || u.billingSuspended !== null);
    if (!users.length) return [];
    const counts = await db
      .selectFrom('tc_invoices')
      .select(['userId', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where(idIn(ctx.db.dialect, 'userId', users.map((u) => u.id)))
      .where('status', 'in', ['PENDING', 'OVERDUE'])
      .where('cancelledTime', 'is', null)
      .groupBy(['userId', 'status'])
      .execute();
    const count = (userId: number, status: string) => counts.find((c) => c.userId === userId && c.status === status)?.n ?? 0;
    const now = Date.now();
    return users.map((u): BillingCustomer => {
      const settings = billingSettings(attrs(u.attributes));
      const overdue = count(u.id, 'OVERDUE');
      const state = accountState(u, now);
      return {
        id: u.id,
        name: u.name,
        email: u.email,
        billingEnable: settings.enabled,
        price: settings.price,
        billingDate: settings.day,
        state: state === 'active' ? (overdue > 0 ? 'overdue' : 'upToDate') : state,
        suspension: u.billingSuspended === 'overdue' || u.billingSuspended === 'manual' ? u.billingSuspended : null,
        suspendedTime: toIso(u.billingSuspendedTime),
        trustUnlockUntil: toIso(u.billingTrustUntil),
        trustUnlockUsed: Boolean(u.billingTrustUsed),
        openInvoices: count(u.id, 'PENDING') + overdue,
        overdueInvoices: overdue,
      };
    });
  });

  app.get('/tarkan/billing/customers/:id/invoices', async (request) => {
    const { id } = parseBody(pathId, request.params);
    await customer(requireUser(request), id, false);
    return listInvoices(db, id);
  });

  app.post('/tarkan/billing/customers/:id/invoices', async (request) => {
    const caller = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    const input = parseBody(invoiceInputSchema, request.body);
    await customer(caller, id, true);
    const { now, day } = await clock();
    const invoice = await addInvoice(db, { userId: id, value: input.value, dueDate: parseIsoDate(input.dueDate), description: input.description || null, createdBy: caller.id, now });
    // an invoice added already past due is overdue at once
    if (parseIsoDate(input.dueDate) < day) {
      await db.updateTable('tc_invoices').set({ status: 'OVERDUE' }).where('id', '=', invoice.id).where('status', '=', 'PENDING').execute();
      return toInvoice(await findInvoice(db, invoice.id));
    }
    return invoice;
  });

  app.post('/tarkan/billing/invoices/:id/cancel', async (request) => {
    const caller = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await customer(caller, (await findInvoice(db, id)).userId, true);
    const { now, day } = await clock();
    const row = await cancelInvoice(db, id, caller.id, now);
    await reviewAccount(db, row.userId, day, now);
    return toInvoice(row);
  });

  app.post('/tarkan/billing/invoices/:id/cash', async (request) => {
    const caller = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    const body = parseBody(cashReceiptSchema, request.body ?? {});
    await customer(caller, (await findInvoice(db, id)).userId, true);
    const { now, day } = await clock();
    const paidDate = body.paidDate ? parseIsoDate(body.paidDate) : day;
    if (paidDate > day) throw new ClientError('paidDate cannot be in the future');
    const row = await receiveInCash(db, id, paidDate);
    await reviewAccount(db, row.userId, day, now);
    return toInvoice(row);
  });

  app.post('/tarkan/billing/customers/:id/suspend', async (request, reply) => {
    const { id } = parseBody(pathId, request.params);
    const target = await customer(requireUser(request), id, true);
    if (target.administrator) throw new ClientError('Administrators cannot be suspended');
    await suspendByHand(db, id, Date.now());
    announceRevocation(ctx.bus, { userIds: [id], all: true });
    return reply.code(204).send();
  });

  app.post('/tarkan/billing/customers/:id/unsuspend', async (request, reply) => {
    const { id } = parseBody(pathId, request.params);
    await customer(requireUser(request), id, true);
    if (!(await lift(db, id))) throw new ClientError('Account is not suspended');
    return reply.code(204).send();
  });

  app.post('/tarkan/billing/customers/:id/trust-unlock', async (request) => {
    const { id } = parseBody(pathId, request.params);
    const target = await customer(requireUser(request), id, true);
    return { trustUnlockUntil: toIso(await grantTrustUnlock(db, target, Date.now())) };
  });

  // Public, from the login screen: the same credentials as a login prove who asks.
  app.post('/tarkan/billing/trust-unlock', async (request) => {
    const form = parseBody(loginFormSchema, request.body);
    const user = await checkCredentials(request, db, form.email, form.password);
    if (!user) throw new ClientError('Invalid credentials', 401);
    const reason = disabledReason(user);
    if (reason) throw new ClientError(reason);
    return { trustUnlockUntil: toIso(await selfTrustUnlock(db, user, Date.now())) };
  });

  // Public, for the payment provider: authenticated by the token stored in the 'payment' integration.
  app.post('/tarkan/billing/webhook', async (request) => {
    const integration = await db.selectFrom('tc_integrations').select('attributes').where('key', '=', 'payment').executeTakeFirst();
    const sent = request.headers[WEBHOOK_TOKEN_HEADER];
    if (!tokenMatches(typeof sent === 'string' ? sent : undefined, integration && attrs(integration.attributes).webhookToken)) {
      throw new ClientError('Invalid webhook token', 401);
    }
    const hook = parseBody(paymentWebhookSchema, request.body);
    const { now, day } = await clock();
    const invoice = await applyPaymentEvent(db, hook, now, day);
    return { received: true, invoiceId: invoice?.id ?? null };
  });
}
