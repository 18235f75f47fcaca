import type { FastifyInstance } from 'fastify';
import { toPosition } from '../../db/mappers.ts';
import { ClientError } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { ids, list, optionalId, time } from '../params.ts';

/** Traccar's database.positionPeriod: latest positions older than this are not listed. */
const POSITION_PERIOD_MS = 7776000_000;
/** Traccar's report.maxPositions per request. */
const MAX_POSITIONS = 50000;

export function positionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  app.get('/api/positions', async (request) => {
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
      const rows = await db.selectFrom('tc_positions').selectAll().where('id', 'in', positionIds).execute();
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
    return latestPositions(ctx, devices, deviceId === null);
  });
}

/** Latest stored position of each device, from the devices' positionId. */
export async function latestPositions(ctx: ApiContext, deviceIds: number[], recentOnly: boolean) {
  if (!deviceIds.length) return [];
  const db = ctx.db.kysely;
  const positionIds: number[] = [];
  for (let i = 0; i < deviceIds.length; i += 500) {
    const rows = await db.selectFrom('tc_devices').select(['id', 'positionId']).where('id', 'in', deviceIds.slice(i, i + 500)).execute();
    for (const row of rows) {
      // The registry may know a newer position than the row (device updates are batched).
      const live = ctx.registry.cached(row.id);
      const id = live?.positionId ?? row.positionId;
      if (id) positionIds.push(id);
    }
  }
  const cutoff = Date.now() - POSITION_PERIOD_MS;
  const result = [];
  for (let i = 0; i < positionIds.length; i += 500) {
    let q = db.selectFrom('tc_positions').selectAll().where('id', 'in', positionIds.slice(i, i + 500));
    if (recentOnly) q = q.where('fixTime', '>=', cutoff);
    result.push(...(await q.execute()).map(toPosition));
  }
  return result;
}
