import type { FastifyInstance } from 'fastify';
import { ClientError } from '../../domain/errors.ts';
import { statisticsBetween } from '../../db/statistics.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { time } from '../params.ts';

/** Traccar's `GET /api/statistics?from&to`: the daily statistics (db/statistics.ts), administrators only. */
export function statisticsRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/api/statistics', async (request) => {
    const user = requireUser(request);
    ctx.guards.checkAdmin(user);
    const query = request.query as Record<string, unknown>;
    const from = time(query.from, 'from');
    const to = time(query.to, 'to');
    if (from > to) throw new ClientError('from must not be after to');
    // what this node gathered since its last write is included
    await ctx.statistics.flush();
    return statisticsBetween(ctx.db.kysely, from, to);
  });
}
