import { groupInputSchema } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { visibleGroupIds } from '../../db/access.ts';
import { idIn } from '../../db/id-list.ts';
import { toGroup } from '../../db/mappers.ts';
import { ClientError, notFound } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { flagParam, parseBody, pathId } from '../params.ts';

export function groupRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  const { guards } = ctx;

  app.get('/api/groups', async (request) => {
    const user = requireUser(request);
    const all = user.administrator && flagParam((request.query as Record<string, unknown>).all);
    let q = db.selectFrom('tc_groups').selectAll().orderBy('name');
    if (!all) {
      const visible = await visibleGroupIds(db, user.id);
      if (!visible.length) return [];
      q = q.where(idIn(ctx.db.dialect, 'id', visible));
    }
    return (await q.execute()).map(toGroup);
  });

  app.post('/api/groups', async (request) => {
    const user = requireUser(request);
    await guards.checkReadonly(user);
    await guards.checkAdvanced(user, 'groups', 'create');
    const input = parseBody(groupInputSchema, request.body);
    if (input.groupId) await guards.checkGroup(user, input.groupId);
    const row = await db.transaction().execute(async (trx) => {
      const created = await trx.insertInto('tc_groups')
        .values({ name: input.name, groupId: input.groupId || null, attributes: JSON.stringify(input.attributes ?? {}) })
        .returningAll().executeTakeFirstOrThrow();
      await trx.insertInto('tc_user_group').values({ userId: user.id, groupId: created.id }).execute();
      return created;
    });
    ctx.bus.publish({ kind: 'invalidate' });
    return toGroup(row);
  });

  app.put('/api/groups/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await guards.checkReadonly(user);
    await guards.checkAdvanced(user, 'groups', 'edit');
    const input = parseBody(groupInputSchema, request.body);
    if (input.id !== undefined && input.id !== id) throw new ClientError('Body id does not match the path');
    await guards.checkGroup(user, id);
    const parent = input.groupId || null;
    if (parent !== null) {
      await guards.checkGroup(user, parent);
      await checkNoCycle(id, parent);
    }
    const row = await db.updateTable('tc_groups')
      .set({ name: input.name, groupId: parent, attributes: JSON.stringify(input.attributes ?? {}) })
      .where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw notFound('Group');
    ctx.bus.publish({ kind: 'invalidate' });
    return toGroup(row);
  });

  app.delete('/api/groups/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await guards.checkReadonly(user);
    await guards.checkGroup(user, id);
    await guards.checkAdvanced(user, 'groups', 'delete');
    await db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('tc_groups').where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound('Group');
      // Children and devices move up to no group, as a deleted folder would leave them.
      await trx.updateTable('tc_groups').set({ groupId: null }).where('groupId', '=', id).execute();
      await trx.updateTable('tc_devices').set({ groupId: null }).where('groupId', '=', id).execute();
      await trx.deleteFrom('tc_user_group').where('groupId', '=', id).execute();
      for (const table of ['tc_group_geofence', 'tc_group_notification', 'tc_group_attribute', 'tc_group_driver',
        'tc_group_maintenance', 'tc_group_command', 'tc_group_order', 'tc_group_report'] as const) {
        await trx.deleteFrom(table).where('groupId', '=', id).execute();
      }
    });
    ctx.bus.publish({ kind: 'invalidate' });
    return reply.code(204).send();
  });

  async function checkNoCycle(id: number, parent: number): Promise<void> {
    const rows = await db.selectFrom('tc_groups').select(['id', 'groupId']).execute();
    const parents = new Map(rows.map((r) => [r.id, r.groupId]));
    for (let g: number | null | undefined = parent, steps = 0; g != null && steps <= rows.length; g = parents.get(g), steps++) {
      if (g === id) throw new ClientError('Cycle in group hierarchy');
    }
  }
}
