import type { FastifyInstance } from 'fastify';
import { toEvent } from '../../db/mappers.ts';
import { ClientError } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { parseBody, pathId } from '../params.ts';

/** Traccar's `GET /api/events/{id}`: one event, for a user who sees its device (404 when there is none). */
export function eventRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/api/events/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    const row = await ctx.db.kysely.selectFrom('tc_events').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ClientError('Event not found', 404);
    await ctx.guards.checkDevice(user, row.deviceId);
    return toEvent(row);
  });
}
