import { userInputSchema } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { managedUserIds } from '../../db/access.ts';
import { idIn } from '../../db/id-list.ts';
import { attrs, toUser } from '../../db/mappers.ts';
import { accountAttributes, checkResaleLimit } from '../../billing/resellers.ts';
import { countUsers, findUserById, passwordColumns, userColumns } from '../../db/users.ts';
import { ClientError, notFound } from '../../domain/errors.ts';
import { isQrDriverAccount } from '../../qr-driver/account.ts';
import { keepQrDriverMark } from '../../qr-driver/rules.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { optionalId, parseBody, pathId } from '../params.ts';

/** Columns only an administrator sets; everyone else keeps the stored (or default) value. */
const ADMIN_ONLY = ['administrator', 'deviceLimit', 'userLimit'] as const;
/** Columns a manager sets on the users he manages (and an administrator on anyone). */
const MANAGER_ONLY = ['readonly', 'deviceReadonly', 'disabled', 'limitCommands', 'disableReports', 'fixedEmail'] as const;

export function userRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  const { guards } = ctx;

  app.get('/api/users', async (request) => {
    const user = requireUser(request);
    const userId = optionalId((request.query as Record<string, unknown>).userId, 'userId');
    let q = db.selectFrom('tc_users').selectAll().orderBy('name');
    if (userId !== null) {
      await guards.checkUser(user, userId);
      const managed = await managedUserIds(db, userId);
      if (!managed.length) return [];
      q = q.where(idIn(ctx.db.dialect, 'id', managed));
    } else if (!user.administrator) {
      const managed = await managedUserIds(db, user.id);
      if (!managed.length) return [];
      q = q.where(idIn(ctx.db.dialect, 'id', managed));
    }
    // QR drivers' accounts belong to their drivers, not to the users list
    return (await q.execute()).filter((row) => !isQrDriverAccount(row)).map(toUser);
  });

  app.get('/api/users/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await guards.checkUser(user, id);
    const row = await findUserById(db, id);
    if (!row) throw notFound('User');
    return toUser(row);
  });

  // Public: first user, self-registration, or a manager creating a sub-user.
  app.post('/api/users', async (request) => {
    const caller = request.user;
    const input = parseBody(userInputSchema, request.body);
    if (!input.password) throw new ClientError('Invalid request: password: password is required');
    const first = (await countUsers(db)) === 0;
    const columns = userColumns(input);
    if (caller?.administrator) {
      // an administrator sets anything
    } else if (caller) {
      guards.checkManager(caller);
      await guards.checkAdvanced(caller, 'users', 'create');
      await guards.checkReadonly(caller);
      const managed = await managedUserIds(db, caller.id);
      if (caller.userLimit !== -1 && managed.length >= caller.userLimit) throw new ClientError('Manager user limit reached');
      await checkResaleLimit(db, caller);
      Object.assign(columns, { administrator: 0, deviceLimit: caller.deviceLimit, userLimit: 0 });
    } else if (first) {
      Object.assign(columns, { administrator: 1, deviceLimit: -1, userLimit: -1 });
    } else {
      if (!(await ctx.settings.get()).registration) throw new ClientError('Registration disabled');
      Object.assign(columns, { administrator: 0, deviceLimit: -1, userLimit: 0, readonly: 0, disabled: 0, temporary: 0 });
    }
    await ensureEmailFree(input.email, null);
    // billing and reseller attributes: who may set them, unique domain (spec §3, §6)
    columns.attributes = await accountAttributes(db, caller, null, {}, input.attributes ?? {});
    columns.attributes = keepQrDriverMark(columns.attributes, {});
    const row = await db.transaction().execute(async (trx) => {
      const created = await trx.insertInto('tc_users').values({ ...columns, ...passwordColumns(input.password) }).returningAll().executeTakeFirstOrThrow();
      if (caller && !caller.administrator) await trx.insertInto('tc_user_user').values({ userId: caller.id, managedUserId: created.id }).execute();
      return created;
    });
    return toUser(row);
  });

  app.put('/api/users/:id', async (request) => {
    const caller = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    const input = parseBody(userInputSchema, request.body);
    if (input.id !== undefined && input.id !== id) throw new ClientError('Body id does not match the path');
    await guards.checkUser(caller, id);
    await guards.checkReadonly(caller);
    await guards.checkAdvanced(caller, 'users', caller.id === id ? 'selfEdit' : 'edit');
    const existing = await findUserById(db, id);
    if (!existing) throw notFound('User');
    const columns: Record<string, unknown> = userColumns(input);
    if (!caller.administrator) {
      for (const key of ADMIN_ONLY) columns[key] = existing[key];
      if (caller.id === id) {
        for (const key of MANAGER_ONLY) columns[key] = existing[key];
        // Nobody extends their own expiry but an administrator.
        columns.expirationTime = existing.expirationTime;
      }
      if (existing.fixedEmail) columns.email = existing.email;
    }
    await ensureEmailFree(input.email, id);
    columns.attributes = await accountAttributes(db, caller, id, attrs(existing.attributes), input.attributes ?? {});
    columns.attributes = keepQrDriverMark(columns.attributes as string, attrs(existing.attributes));
    const password = passwordColumns(input.password);
    const row = await db.updateTable('tc_users').set({ ...(columns as object), ...password }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    ctx.bus.publish({ kind: 'invalidate' });
    return toUser(row);
  });

  app.delete('/api/users/:id', async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await guards.checkReadonly(caller);
    if (caller.id === id) throw new ClientError('Users cannot delete themselves');
    await guards.checkUser(caller, id);
    await guards.checkAdvanced(caller, 'users', 'delete');
    await deleteUser(id);
    ctx.bus.publish({ kind: 'invalidate' });
    return reply.code(204).send();
  });

  async function ensureEmailFree(email: string, ownId: number | null): Promise<void> {
    const clash = await db.selectFrom('tc_users').select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase())).executeTakeFirst();
    if (clash && clash.id !== ownId) throw new ClientError('User duplicate');
  }

  async function deleteUser(id: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('tc_users').where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound('User');
      for (const table of ['tc_user_device', 'tc_user_group', 'tc_user_geofence', 'tc_user_notification', 'tc_user_calendar',
        'tc_user_attribute', 'tc_user_driver', 'tc_user_maintenance', 'tc_user_command', 'tc_user_order', 'tc_user_report',
        'tc_sessions', 'tc_tokens'] as const) {
        await trx.deleteFrom(table).where('userId', '=', id).execute();
      }
      await trx.deleteFrom('tc_user_user').where((eb) => eb.or([eb('userId', '=', id), eb('managedUserId', '=', id)])).execute();
    });
  }
}

