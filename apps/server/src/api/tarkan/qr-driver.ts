import { qrCheckinSchema } from '@rastro/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attrs } from '../../db/mappers.ts';
import { ClientError } from '../../domain/errors.ts';
import { qrDriverIdOf } from '../../qr-driver/rules.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { parseBody, pathId } from '../params.ts';

/** What a QR driver's session may reach: its session, the server info, the check-in screen's calls. */
function openToQrDrivers(method: string, url: string): boolean {
  const path = url.split('?')[0].replace(/\/+$/, '');
  if (path === '/api/session' || path === '/tarkan/qr-driver' || path.startsWith('/tarkan/qr-driver/')) return true;
  // the live socket sends nothing to a user without links; the theme brands the screen
  return method === 'GET' && (path === '/api/server' || path === '/api/socket' || path === '/tarkan/theme');
}

function qrDriverOf(request: FastifyRequest): { userId: number; driverId: number } {
  const user = requireUser(request);
  const driverId = qrDriverIdOf(attrs(user.attributes));
  if (driverId === null) throw new ClientError('Only QR drivers check in to vehicles', 403);
  return { userId: user.id, driverId };
}

/**
 * The QR driver (spec §2 /qr-driver, §6, §7 POST /tarkan/qr-driver): check-in (`{id: deviceId}`),
 * check-out (`{id: 0}`), the driver's current state, and the vehicle a scanned code names.
 * A QR driver's account has no management rights at all: every other call is refused here,
 * whatever the advanced permissions say.
 */
export function qrDriverRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const refused = request.user && qrDriverIdOf(attrs(request.user.attributes)) !== null && !openToQrDrivers(request.method, request.url);
    done(refused ? new ClientError('Operation restricted', 403) : undefined);
  });

  app.get('/tarkan/qr-driver', async (request) => {
    const { driverId } = qrDriverOf(request);
    return ctx.qrCheckins.state(driverId);
  });

  app.get('/tarkan/qr-driver/devices/:id', async (request) => {
    const { driverId } = qrDriverOf(request);
    const { id } = parseBody(pathId, request.params);
    return ctx.qrCheckins.vehicle(driverId, id);
  });

  // audited by the check-in itself, with the device and the reason
  app.post('/tarkan/qr-driver', { config: { audit: false } }, async (request) => {
    const { userId, driverId } = qrDriverOf(request);
    const { id } = parseBody(qrCheckinSchema, request.body);
    if (id === 0) {
      await ctx.qrCheckins.checkOut(driverId, 'driver', userId);
      return ctx.qrCheckins.state(driverId);
    }
    return ctx.qrCheckins.checkIn(driverId, id, userId);
  });
}
