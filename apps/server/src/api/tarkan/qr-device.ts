import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attrs } from '../../db/mappers.ts';
import { issueQrDeviceAccess, qrDeviceAccess, qrDeviceIdOf, removeQrDeviceAccess } from '../../db/qr-device.ts';
import { ClientError, notFound } from '../../domain/errors.ts';
import { isDeletedUniqueId } from '../../domain/deleted-device.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { announceRevocation } from '../revocation.ts';
import { parseBody, pathId } from '../params.ts';

/**
 * What a QR device login may do besides reading: open and close its session. Every read is
 * already narrowed to what the user sees (its one vehicle), and its account flags refuse
 * commands and reports; writes are refused here whatever any flag says.
 */
function openToQrDevices(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  const path = url.split('?')[0].replace(/\/+$/, '');
  return path === '/api/session';
}

/**
 * The vehicle's access QR code (spec §2 "QR device" dialog, §3/§6 `tarkan.isQrDeviceId`):
 * whoever may edit a device issues (or re-issues, which ends the previous code's sessions),
 * inspects and revokes the login its code signs in as.
 */
export function qrDeviceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  app.addHook('preHandler', (request, _reply, done) => {
    const refused = request.user && qrDeviceIdOf(request.user) !== null && !openToQrDevices(request.method, request.url);
    done(refused ? new ClientError('Operation restricted', 403) : undefined);
  });

  /** The device, when the caller may manage its access code. */
  async function manageable(request: FastifyRequest) {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    if (user.temporary || attrs(user.attributes).isShared === true) throw new ClientError('Temporary user');
    await ctx.guards.checkDevice(user, id);
    await ctx.guards.checkDeviceReadonly(user);
    await ctx.guards.checkAdvanced(user, 'devices', 'edit');
    const device = await ctx.registry.get(id);
    if (!device || isDeletedUniqueId(device.uniqueId)) throw notFound('Device');
    return device;
  }

  app.get('/tarkan/devices/:id/qr-access', async (request) => {
    const device = await manageable(request);
    return qrDeviceAccess(db, device.id);
  });

  app.post('/tarkan/devices/:id/qr-access', async (request) => {
    const device = await manageable(request);
    const { userId, replaced, ...access } = await issueQrDeviceAccess(ctx, { id: device.id, name: device.name });
    // the old code's visitors lose their open sockets too, on every node
    if (replaced) announceRevocation(ctx.bus, { userIds: [userId], all: true });
    return access;
  });

  app.delete('/tarkan/devices/:id/qr-access', async (request, reply) => {
    const device = await manageable(request);
    const removed = await removeQrDeviceAccess(ctx, device.id);
    if (removed === null) throw notFound('QR access');
    announceRevocation(ctx.bus, { userIds: [removed], all: true });
    return reply.code(204).send();
  });
}
