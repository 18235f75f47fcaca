import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idIn } from '../../db/id-list.ts';
import { rowToWire, storedToWire } from '../../position/mappers.ts';
import { ClientError, accessDenied, notFound } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { ids, list, optionalId, time } from '../params.ts';
import { positionsBetween } from '../../reports/data.ts';
import { jsonArray, paceOf } from '../../reports/pace.ts';
import { checkPeriod } from '../../reports/period.ts';
import { forgetLatestPositions, latestPositionsJson } from './latest-positions.ts';
import { removePositions, type PositionSelection } from '../../db/position-removal.ts';
import { parseBody, pathId } from '../params.ts';

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
      // history is report work, under the reports bit like the position exports (spec §6)
      await ctx.guards.checkAdvanced(user, 'reports', 'view');
      const from = time(query.from, 'from');
      const to = time(query.to, 'to');
      checkPeriod(from, to, ctx.config.reportMaxDays);
      await ctx.guards.checkDevice(user, deviceId);
      // history is report work: paged, paced and cancelled with the client (reports/pace.ts)
      const pace = paceOf(reply);
      const positions = await pace.map(await positionsBetween(db, deviceId, from, to, pace), storedToWire);
      return reply.type('application/json; charset=utf-8').send(await jsonArray(positions, pace));
    }

    if (positionIds.length) {
      const rows = await db.selectFrom('tc_positions').selectAll().where(idIn(ctx.db.dialect, 'id', positionIds)).execute();
      // as Traccar: a position of a device the caller does not see is refused, not skipped
      const visible = user.administrator ? null : new Set(await ctx.guards.deviceIds(user));
      if (visible && rows.some((r) => !visible.has(r.deviceId))) throw accessDenied('Device');
      return rows.map(rowToWire);
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

  // every node's caches forget the deleted latest positions (this one's too: the bus answers itself)
  ctx.bus.subscribe((message) => {
    if (message.kind === 'positionsRemoved') forgetLatestPositions(ctx, message.deviceIds);
  });

  /**
   * Traccar's DELETE /api/positions (deviceId, from, to) and /api/positions/{id}: deleting history
   * is writing to the device, so a readonly user (or device-readonly, or a shared account) never
   * may; the device's latest position moves to its newest remaining fix, everywhere (removePositions).
   */
  const remove = async (request: FastifyRequest, deviceId: number, selection: PositionSelection) => {
    const user = requireUser(request);
    await ctx.guards.checkDevice(user, deviceId);
    await ctx.guards.checkDeviceReadonly(user);
    await ctx.guards.checkAdvanced(user, 'devices', 'edit');
    const { moved } = await removePositions(db, selection);
    if (moved.length) ctx.bus.publish({ kind: 'positionsRemoved', deviceIds: moved });
  };

  app.delete('/api/positions', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const deviceId = optionalId(query.deviceId, 'deviceId');
    if (deviceId === null) throw new ClientError('deviceId is required');
    const from = time(query.from, 'from');
    const to = time(query.to, 'to');
    if (from > to) throw new ClientError('from must not be after to');
    await remove(request, deviceId, { deviceId, from, to });
    return reply.code(204).send();
  });

  app.delete('/api/positions/:id', async (request, reply) => {
    requireUser(request);
    const { id } = parseBody(pathId, request.params);
    const row = await db.selectFrom('tc_positions').select('deviceId').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Position');
    await remove(request, row.deviceId, { id });
    return reply.code(204).send();
  });
}
