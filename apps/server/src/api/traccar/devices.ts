import { deviceInputSchema, type DeviceInput } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import type { Insertable, Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import { visibleDeviceIds } from '../../db/access.ts';
import { lockServerRow, lockUserRow } from '../../db/locks.ts';
import { attrs, flag, toDevice } from '../../db/mappers.ts';
import { KEY } from '../../position/keys.ts';
import { storedToWire, workingToRow } from '../../position/mappers.ts';
import type { Database, DeviceTable } from '../../db/schema.ts';
import type { UserRow } from '../../db/users.ts';
import { isDeletedUniqueId } from '../../domain/deleted-device.ts';
import { effectiveDeviceLimit } from '../../domain/device-limit.ts';
import { ClientError, notFound } from '../../domain/errors.ts';
import { DEVICE_POLICY, applyFieldPolicy, deviceActor, type DeviceActor } from '../../domain/field-policy.ts';
import { parseTime } from '../../domain/time.ts';
import {
  countDevices, deleteDevice, deviceIdByUniqueId, findDevice, insertDevice, linkedDeviceIds, listDevices, softDeleteDevice, updateDevice,
} from '../../db/repositories/devices.ts';
import { removeQrDeviceAccess } from '../../db/qr-device.ts';
import { announceRevocation } from '../revocation.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { flagParam, ids, list, optionalId, parseBody, pathId } from '../params.ts';

const accumulatorsSchema = z.object({
  deviceId: z.number().int().positive(),
  totalDistance: z.number().nonnegative().nullish(),
  hours: z.number().nonnegative().nullish(),
}).strict();

function deviceColumns(input: DeviceInput): Omit<Insertable<DeviceTable>, 'status' | 'lastUpdate' | 'positionId'> {
  return {
    name: input.name,
    uniqueId: input.uniqueId,
    groupId: input.groupId || null,
    calendarId: input.calendarId || null,
    phone: input.phone ?? null,
    model: input.model ?? null,
    contact: input.contact ?? null,
    category: input.category ?? null,
    disabled: flag(input.disabled),
    expirationTime: input.expirationTime == null ? null : parseTime(input.expirationTime),
    attributes: JSON.stringify(input.attributes ?? {}),
  };
}

/**
 * The columns of a device body (created when `stored` is null) that the field policy lets the
 * actor store: disabling and expiry stay an administrator's, the QR check-in state the server's.
 */
function deviceFields(actor: DeviceActor, input: DeviceInput, stored: Selectable<DeviceTable> | null) {
  const { attributes: _ignored, ...requested } = deviceColumns(input);
  const before = stored && { columns: stored as unknown as Record<string, unknown>, attributes: attrs(stored.attributes) };
  const fields = applyFieldPolicy(DEVICE_POLICY, actor, null, { columns: requested, attributes: input.attributes ?? {} }, before);
  return { ...fields.columns, attributes: JSON.stringify(fields.attributes) };
}

export function deviceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  const { guards } = ctx;

  /** Devices the caller may list: linked ones; administrators may ask for all; managers for a managed user's. */
  async function listable(user: UserRow, query: Record<string, unknown>): Promise<number[] | 'all'> {
    const userId = optionalId(query.userId, 'userId');
    if (userId !== null && userId !== user.id) {
      await guards.checkUser(user, userId);
      return linkedDeviceIds(db, userId);
    }
    if (user.administrator && flagParam(query.all)) return 'all';
    return guards.deviceIds(user);
  }

  app.get('/api/devices', async (request) => {
    const user = requireUser(request);
    const query = request.query as Record<string, unknown>;
    const scope = await listable(user, query);
    if (scope !== 'all' && scope.length === 0) return [];
    const rows = await listDevices(ctx.db, { scope, ids: ids(query.id, 'id'), uniqueIds: list(query.uniqueId) });
    const live = rows.map((row) => ctx.registry.cached(row.id));
    const excludeAttributes = flagParam(query.excludeAttributes);
    return rows.map((row, i) => {
      // The registry holds the live status and last update of devices this node receives.
      const device = toDevice({ ...row, status: live[i]?.status ?? row.status, lastUpdate: live[i]?.lastUpdate ?? row.lastUpdate });
      return excludeAttributes ? { ...device, attributes: {} } : device;
    });
  });

  app.get('/api/devices/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await guards.checkDevice(user, id);
    const row = await ctx.registry.get(id);
    // a soft-deleted device is hidden from administrators too (GET /tarkan/devices/deleted lists it)
    if (!row || isDeletedUniqueId(row.uniqueId)) throw notFound('Device');
    return toDevice(row);
  });

  app.post('/api/devices', async (request) => {
    const user = requireUser(request);
    return toDevice(await createDevice(ctx, user, parseBody(deviceInputSchema, request.body)));
  });

  app.put('/api/devices/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await guards.checkDeviceReadonly(user);
    const input = parseBody(deviceInputSchema, request.body);
    if (input.id !== undefined && input.id !== id) throw new ClientError('Body id does not match the path');
    await guards.checkDevice(user, id);
    await guards.checkAdvanced(user, 'devices', 'edit');
    const existing = await findDevice(db, id);
    if (!existing || isDeletedUniqueId(existing.uniqueId)) throw notFound('Device');
    if (input.groupId && input.groupId !== existing.groupId) await guards.checkGroup(user, input.groupId);
    // Traccar's checkEdit: a calendar named anew must be one the caller may use
    if (input.calendarId && input.calendarId !== existing.calendarId) await guards.checkCalendar(user, input.calendarId);
    await ensureUniqueIdFree(ctx, input.uniqueId, id);
    // the QR driver check-in state is the server's: a client's copy never overwrites it, not even
    // one landing between this read and the write; disabled and expiry are left out for non-admins
    const row = await updateDevice(ctx, id, (stored) => deviceFields(deviceActor(user), input, stored));
    if (!row) throw notFound('Device');
    const live = await ctx.registry.get(id);
    return toDevice({ ...row, status: live?.status ?? row.status, lastUpdate: live?.lastUpdate ?? row.lastUpdate });
  });

  app.delete('/api/devices/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await guards.checkRemoveDevice(user, id);
    // lazy (safe-mode) deletion, spec §3: the device is hidden with its data, restorable by an administrator
    if (attrs((await ctx.settings.get()).attributes)['tarkan.lazyDeletion'] === true) {
      await softDeleteDevice(ctx, id, Date.now());
      return reply.code(204).send();
    }
    const existing = await findDevice(db, id);
    if (existing && isDeletedUniqueId(existing.uniqueId)) throw notFound('Device');
    await purgeDevice(ctx, id);
    return reply.code(204).send();
  });

  // Resets the odometer (totalDistance, m) and/or engine hours (ms): a copy of the latest position
  // carrying the new values becomes the latest, so processing continues from them.
  app.put('/api/devices/:id/accumulators', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    const body = parseBody(accumulatorsSchema, request.body);
    if (body.deviceId !== id) throw new ClientError('Body deviceId does not match the path');
    await guards.checkDevice(user, id);
    await guards.checkDeviceReadonly(user);
    // resetting the odometer or engine hours edits the device (spec §6)
    await guards.checkAdvanced(user, 'devices', 'edit');
    const device = await ctx.registry.get(id);
    if (!device || isDeletedUniqueId(device.uniqueId)) throw notFound('Device');
    const last = await ctx.registry.lastPosition(id);
    if (!last) throw new ClientError('Device has no position yet');
    const attributes = { ...last.attributes };
    if (body.totalDistance != null) attributes[KEY.totalDistance] = body.totalDistance;
    if (body.hours != null) attributes[KEY.hours] = body.hours;
    const copy = { ...last, serverTime: Date.now(), attributes };
    const row = await db.insertInto('tc_positions').values(workingToRow(copy)).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('tc_devices').set({ positionId: row.id }).where('id', '=', id).execute();
    const stored = { ...copy, id: row.id };
    ctx.registry.setLastPosition(stored);
    ctx.bus.publish({ kind: 'position', position: storedToWire(stored) });
    return reply.code(204).send();
  });
}

/** Creates a device for a user and links it to him (POST /api/devices, autolink). */
export async function createDevice(ctx: ApiContext, user: UserRow, input: DeviceInput) {
  await ctx.guards.checkDeviceReadonly(user);
  await ctx.guards.checkAdvanced(user, 'devices', 'create');
  if (input.groupId) await ctx.guards.checkGroup(user, input.groupId);
  if (input.calendarId) await ctx.guards.checkCalendar(user, input.calendarId);
  await ensureUniqueIdFree(ctx, input.uniqueId, null);
  const serverLimit = Number(attrs((await ctx.settings.get()).attributes)['tarkan.deviceLimit'] ?? 0) || 0;
  const values = deviceFields(deviceActor(user), input, null) as Insertable<DeviceTable>;
  return insertDevice(ctx, user.id, values, (trx) => checkDeviceLimit(ctx, trx, user, serverLimit));
}

/**
 * Spec §5: the tightest of the user's deviceLimit and the server's tarkan.deviceLimit
 * (counted on the user's devices) and the licence limit (counted on the whole server). The
 * server's and the licence's limits bind administrators too; an administrator's own deviceLimit
 * does not, as in Traccar. Counted inside the creating transaction after locking the row the
 * limit belongs to (db/locks.ts), so concurrent creations cannot all pass one count.
 */
async function checkDeviceLimit(ctx: ApiContext, trx: Transaction<Database>, user: UserRow, serverLimit: number): Promise<void> {
  const licence = ctx.config.licenseDeviceLimit;
  if (licence > 0) {
    await lockServerRow(trx, ctx.db.dialect);
    if ((await countDevices(trx)) >= licence) throw new ClientError('User device limit reached');
  }
  const locked = await lockUserRow(trx, ctx.db.dialect, user.id);
  const limit = effectiveDeviceLimit(user.administrator ? -1 : (locked?.deviceLimit ?? user.deviceLimit), serverLimit, 0);
  if (limit === null) return;
  const owned = (await visibleDeviceIds(trx, user.id)).length;
  if (owned >= limit) throw new ClientError('User device limit reached');
}

/** Deletes a device for good, and the QR access login tied to it (its sessions end on every node). */
export async function purgeDevice(ctx: ApiContext, id: number): Promise<void> {
  await deleteDevice(ctx, id);
  const accountId = await removeQrDeviceAccess(ctx, id);
  if (accountId !== null) announceRevocation(ctx.bus, { userIds: [accountId], all: true });
}

async function ensureUniqueIdFree(ctx: ApiContext, uniqueId: string, ownId: number | null): Promise<void> {
  // the shape of a soft-deleted identifier is the server's: a device given one would vanish from every list
  if (isDeletedUniqueId(uniqueId)) throw new ClientError('Device identifier reserved for deleted devices');
  const clash = await deviceIdByUniqueId(ctx.db.kysely, uniqueId);
  if (clash !== undefined && clash !== ownId) throw new ClientError('Device identifier already in use');
}
