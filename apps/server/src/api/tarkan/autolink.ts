import { deviceInputSchema } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { toDevice } from '../../db/mappers.ts';
import { forgetUnknownDevice, unknownDevicesSince } from '../../db/repositories/devices.ts';
import { toIso } from '../../domain/time.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { parseBody } from '../params.ts';
import { createDevice } from '../traccar/devices.ts';

/** How far back an unknown tracker is offered for claiming. */
const RECENT_MS = 7 * 86400_000;

/**
 * Autolink (spec §2 "/autolink"): trackers the server refused because their identifier was
 * unknown, offered for claiming; claiming creates the device like POST /api/devices.
 */
export function autolinkRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  app.get('/tarkan/autolink', async (request) => {
    const user = requireUser(request);
    await ctx.guards.checkDeviceReadonly(user);
    const rows = await unknownDevicesSince(db, Date.now() - RECENT_MS, 200);
    return rows.map((r) => ({
      uniqueId: r.uniqueId,
      protocol: r.protocol,
      // where a tracker connects from is for administrators only
      remoteAddress: user.administrator ? r.remoteAddress : null,
      firstSeen: toIso(r.firstSeen),
      lastSeen: toIso(r.lastSeen),
      count: r.count,
    }));
  });

  app.post('/tarkan/autolink', async (request) => {
    const user = requireUser(request);
    const input = parseBody(deviceInputSchema, request.body);
    const row = await createDevice(ctx, user, input);
    await forgetUnknownDevice(db, input.uniqueId);
    return toDevice(row);
  });
}
