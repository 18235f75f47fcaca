import type { FastifyInstance } from 'fastify';
import { ClientError } from '../../domain/errors.ts';
import { jsonOrText } from '../../domain/json.ts';
import { parseTime, toIso } from '../../domain/time.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { list, parseBody, pathId } from '../params.ts';

/** Advanced logs of a user or a device (administrators, plus licence; spec §6). */
export function logRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  for (const [path, column] of [['/tarkan/users/:id/logs', 'userId'], ['/tarkan/devices/:id/logs', 'deviceId']] as const) {
    app.get(path, async (request) => {
      const user = requireUser(request);
      ctx.guards.checkAdmin(user);
      if (ctx.config.licenseMode !== 'plus') throw new ClientError('Plus licence required');
      const { id } = parseBody(pathId, request.params);
      const query = request.query as Record<string, unknown>;
      const from = parseTime(list(query.from)[0] ?? '') ?? 0;
      const to = parseTime(list(query.to)[0] ?? '') ?? Date.now() + 1000;
      const rows = await db.selectFrom('tc_logs').selectAll().where(column, '=', id).where('time', '>=', from).where('time', '<=', to)
        .orderBy('time', 'desc').orderBy('id', 'desc').limit(1000).execute();
      return rows.map((r) => ({ ...r, time: toIso(r.time), data: jsonOrText(r.data) }));
    });
  }
}
