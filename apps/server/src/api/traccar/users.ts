import { TOTP_KEY_MASK, userInputSchema, type UserInput } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction, Updateable } from 'kysely';
import { managedUserIds } from '../../db/access.ts';
import { lockUserRow } from '../../db/locks.ts';
import { deleteUser, insertUser, listUsers, updateUser } from '../../db/repositories/users.ts';
import { USER_MAP_KEYS, attrs, toUser } from '../../db/mappers.ts';
import type { Database, UserTable } from '../../db/schema.ts';
import { checkResaleLimit, checkResellerAttributes } from '../../billing/resellers.ts';
import { countUsers, ensureLoginFree, findUserById, newPasswordColumns, userColumns, type UserRow } from '../../db/users.ts';
import { ClientError, notFound } from '../../domain/errors.ts';
import { keptAttributes } from '../../domain/secrets.ts';
import { USER_POLICY, applyFieldPolicy, userActor, type Grantor, type UserActor } from '../../domain/field-policy.ts';
import { isQrDriverAccount } from '../../qr-driver/account.ts';
import { qrDeviceIdOf } from '../../db/qr-device.ts';
import { requireUser } from '../auth.ts';
import { announceRevocation, revokeAfterUserChange } from '../revocation.ts';
import type { ApiContext } from '../context.ts';
import { optionalId, parseBody, pathId } from '../params.ts';

/** The caller as the field policy sees him: what he may grant, and his defaults for the users he creates. */
function grantorOf(user: UserRow | null): (Grantor & { id: number }) | null {
  if (!user) return null;
  return { id: user.id, administrator: Boolean(user.administrator), deviceLimit: user.deviceLimit, expirationTime: user.expirationTime, attributes: attrs(user.attributes) };
}

/**
 * The columns of a user body (created when `existing` is null) that the field policy lets the
 * actor store, with the attributes JSON; privileged columns he may not change are left out on update.
 */
async function userFields(db: Kysely<Database>, actor: UserActor, grantor: Grantor | null, input: UserInput, existing: UserRow | null) {
  const { attributes: _ignored, ...requested } = userColumns(input);
  // the key is shown masked; saving the mask back keeps the stored secret
  if (requested.totpKey === TOTP_KEY_MASK) requested.totpKey = existing?.totpKey ?? null;
  else if (!requested.totpKey?.trim()) requested.totpKey = null;
  const stored = existing && { columns: existing as unknown as Record<string, unknown>, attributes: attrs(existing.attributes) };
  // the map provider keys are read masked (db/mappers.ts): the mask saved back keeps the stored key
  const attributes = keptAttributes(input.attributes ?? {}, stored?.attributes ?? {}, USER_MAP_KEYS);
  const fields = applyFieldPolicy(USER_POLICY, actor, grantor, { columns: requested, attributes }, stored);
  // the reseller attributes kept or written are checked: unique domain, whole resale limit (spec §3, §6)
  const checked = await checkResellerAttributes(db, existing?.id ?? null, fields.attributes);
  return { ...fields.columns, attributes: JSON.stringify(checked) };
}

export function userRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  const { guards } = ctx;

  app.get('/api/users', async (request) => {
    const user = requireUser(request);
    const userId = optionalId((request.query as Record<string, unknown>).userId, 'userId');
    let scope: number[] | 'all' = 'all';
    if (userId !== null) {
      await guards.checkUser(user, userId);
      scope = await managedUserIds(db, userId);
    } else if (!user.administrator) {
      scope = await managedUserIds(db, user.id);
    }
    if (scope !== 'all' && !scope.length) return [];
    // QR drivers' accounts belong to their drivers, not to the users list
    // QR logins are managed from their driver or vehicle, never as users
    return (await listUsers(ctx.db, scope)).filter((row) => !isQrDriverAccount(row) && qrDeviceIdOf(row) === null).map(toUser);
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
    if (caller && !caller.administrator) {
      guards.checkManager(caller);
      await guards.checkAdvanced(caller, 'users', 'create');
      await guards.checkReadonly(caller);
    } else if (!caller && !first && !(await ctx.settings.get()).registration) {
      throw new ClientError('Registration disabled');
    }
    // privileged fields: who may set them, and what others get (domain/field-policy.ts)
    const grantor = grantorOf(caller);
    const columns = (await userFields(db, userActor(grantor, null, first), grantor, input, null)) as ReturnType<typeof userColumns>;
    if (!caller && first) Object.assign(columns, { administrator: 1, deviceLimit: -1, userLimit: -1 });
    await ensureLoginFree(db, columns, null);
    // hashed before the transaction, which would otherwise hold its connection while PBKDF2 runs
    const password = await newPasswordColumns(input.password);
    const manager = caller && !caller.administrator ? caller.id : null;
    const row = await insertUser(ctx, { ...columns, ...password }, manager, async (trx) => {
      if (manager !== null) await checkUserLimits(trx, manager);
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
    const password = await newPasswordColumns(input.password);
    // privileged fields the caller may not change are left out and keep their stored values
    // (domain/field-policy.ts); the save is a compare-and-swap on the attributes as read
    const grantor = grantorOf(caller);
    const saved = await updateUser(ctx, id, async (existing) => {
      const columns = (await userFields(db, userActor(grantor, id, false), grantor, input, existing)) as Updateable<UserTable>;
      await ensureLoginFree(db, { email: columns.email ?? existing.email, login: columns.login ?? null }, id);
      return { ...columns, ...password };
    });
    if (!saved) throw notFound('User');
    const { before: existing, after: row } = saved;
    await revokeAfterUserChange(ctx, existing, row, request);
    return toUser(row);
  });

  app.delete('/api/users/:id', async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await guards.checkReadonly(caller);
    if (caller.id === id) throw new ClientError('Users cannot delete themselves');
    await guards.checkUser(caller, id);
    await guards.checkAdvanced(caller, 'users', 'delete');
    await deleteUser(ctx, id);
    announceRevocation(ctx.bus, { userIds: [id], all: true });
    return reply.code(204).send();
  });

  /**
   * Traccar's userLimit and the resale limit of a manager creating a user, counted inside the
   * creating transaction after locking his row: concurrent creations by him wait for each other
   * instead of all counting the same users.
   */
  async function checkUserLimits(trx: Transaction<Database>, managerId: number): Promise<void> {
    const manager = await lockUserRow(trx, ctx.db.dialect, managerId);
    if (!manager) throw notFound('User');
    const managed = await managedUserIds(trx, manager.id);
    if (manager.userLimit !== -1 && managed.length >= manager.userLimit) throw new ClientError('Manager user limit reached');
    await checkResaleLimit(trx, manager);
  }
}

