import type { FastifyInstance } from 'fastify';
import { toDevice } from '../../db/mappers.ts';
import { findDeletedDevice, listDeletedDevices, restoreDevice } from '../../db/repositories/devices.ts';
import { toIso } from '../../domain/time.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { parseBody, pathId } from '../params.ts';
import { purgeDevice } from '../traccar/devices.ts';

/**
 * Lazy (safe-mode) deletion, spec §3: what DELETE /api/devices/{id} hid while the server's
 * `tarkan.lazyDeletion` was on. Administrators only: list, restore under the original
 * identifier, or delete for good (with its positions, events and links).
 */
export function deletedDeviceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  app.get('/tarkan/devices/deleted', async (request) => {
    ctx.guards.checkAdmin(requireUser(request));
    return (await listDeletedDevices(db)).map(({ row, original, deletedAt }) => ({
      ...toDevice(row), originalUniqueId: original, deletedTime: toIso(deletedAt),
    }));
  });

  app.post('/tarkan/devices/:id/restore', async (request) => {
    ctx.guards.checkAdmin(requireUser(request));
    const { id } = parseBody(pathId, request.params);
    return toDevice(await restoreDevice(ctx, id));
  });

  app.delete('/tarkan/devices/deleted/:id', async (request, reply) => {
    ctx.guards.checkAdmin(requireUser(request));
    const { id } = parseBody(pathId, request.params);
    // only a soft-deleted device: a live one goes through DELETE /api/devices/{id} and its checks
    await findDeletedDevice(db, id);
    await purgeDevice(ctx, id);
    return reply.code(204).send();
  });
}
