import type { FastifyInstance } from 'fastify';
import { expandGroups } from '../../db/access.ts';
import { toEvent } from '../../db/mappers.ts';
import type { UserRow } from '../../db/users.ts';
import { ClientError } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { ids, list, time } from '../params.ts';

export function reportRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  /** deviceId and groupId repeated (groups with their subgroups); neither = every visible device. */
  async function reportDevices(user: UserRow, query: Record<string, unknown>): Promise<number[]> {
    if (!user.administrator && (user.disableReports || (await ctx.settings.get()).disableReports)) throw new ClientError('Operation restricted');
    const deviceIds = ids(query.deviceId, 'deviceId');
    const groupIds = ids(query.groupId, 'groupId');
    const visible = await ctx.guards.deviceIds(user);
    if (!deviceIds.length && !groupIds.length) return visible;
    const allowed = new Set(visible);
    const result = new Set<number>();
    for (const id of deviceIds) {
      await ctx.guards.checkDevice(user, id);
      result.add(id);
    }
    if (groupIds.length) {
      for (const id of groupIds) await ctx.guards.checkGroup(user, id);
      const groups = expandGroups(groupIds, await db.selectFrom('tc_groups').select(['id', 'groupId']).execute());
      const rows = await db.selectFrom('tc_devices').select('id').where('groupId', 'in', groups).execute();
      for (const r of rows) if (user.administrator || allowed.has(r.id)) result.add(r.id);
    }
    return [...result];
  }

  app.get('/api/reports/events', async (request) => {
    const user = requireUser(request);
    const query = request.query as Record<string, unknown>;
    const from = time(query.from, 'from');
    const to = time(query.to, 'to');
    const devices = await reportDevices(user, query);
    if (!devices.length) return [];
    const types = list(query.type).filter((t) => t !== 'allEvents');
    const alarms = list(query.alarm);
    let q = db.selectFrom('tc_events').selectAll()
      .where('deviceId', 'in', devices).where('eventTime', '>=', from).where('eventTime', '<=', to)
      .orderBy('eventTime');
    if (types.length) q = q.where('type', 'in', types);
    const rows = await q.execute();
    const events = rows.map(toEvent);
    return alarms.length ? events.filter((e) => e.type !== 'alarm' || alarms.includes(String(e.attributes.alarm))) : events;
  });
}
