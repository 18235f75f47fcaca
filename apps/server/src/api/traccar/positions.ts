import type { FastifyInstance } from 'fastify';
import { idIn } from '../../db/id-list.ts';
import { toPosition } from '../../db/mappers.ts';
import { ClientError } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { ids, list, optionalId, time } from '../params.ts';
import { latestPositionsJson } from './latest-positions.ts';

/** Traccar's report.maxPositions per request. */
const MAX_POSITIONS = 50000;

export function positionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  app.get('/api/positions', async (request, reply) => {
    const user = requireUser(request);
    const query = request.query as Record<string, unknown>;
    const deviceId = optionalId(query.deviceId, 'deviceId');
    const positionIds = ids(query.id, 'id');
    const hasRange = list(query.from).length > 0 || list(query.to).length > 0;

    if (hasRange) {
      if (deviceId === null) throw new ClientError('deviceId is required with from and to');
      if (!user.administrator && (user.disableReports || (await ctx.settings.get()).disableReports)) throw new ClientError('Operation restricted');
      const from = time(query.from, 'from');
      const to = time(query.to, 'to');
      await ctx.guards.checkDevice(user, deviceId);
      const rows = await db.selectFrom('tc_positions').selectAll()
        .where('deviceId', '=', deviceId).where('fixTime', '>=', from).where('fixTime', '<=', to)
        .orderBy('fixTime').limit(MAX_POSITIONS).execute();
      return rows.map(toPosition);
    }

    if (positionIds.length) {
      const rows = await db.selectFrom('tc_positions').selectAll().where(idIn(ctx.db.dialect, 'id', positionIds)).execute();
      const visible = user.administrator ? null : new Set(await ctx.guards.deviceIds(user));
      return rows.filter((r) => !visible || visible.has(r.deviceId)).map(toPosition);
    }

    let devices: number[];
    if (deviceId !== null) {
      await ctx.guards.checkDevice(user, deviceId);
      devices = [deviceId];
    } else {
      devices = await ctx.guards.deviceIds(user);
    }
    // written out here: the list of a large fleet is the heaviest answer a page start waits for
    return reply.type('application/json; charset=utf-8').send(await latestPositionsJson(ctx, devices, deviceId === null));
  });
}
