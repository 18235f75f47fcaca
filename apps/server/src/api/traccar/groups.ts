import { groupInputSchema } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { visibleGroupIds } from '../../db/access.ts';
import { toGroup } from '../../db/mappers.ts';
import { deleteGroup, insertGroup, listGroups, updateGroup, wouldCycle } from '../../db/repositories/groups.ts';
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
    if (all) return (await listGroups(ctx.db, 'all')).map(toGroup);
    const visible = await visibleGroupIds(db, user.id);
    if (!visible.length) return [];
    return (await listGroups(ctx.db, visible)).map(toGroup);
  });

  // Traccar's BaseObjectResource.getSingle: a group the caller sees (administrators: any)
  app.get('/api/groups/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await guards.checkGroup(user, id);
    const [row] = await listGroups(ctx.db, [id]);
    if (!row) throw notFound('Group');
    return toGroup(row);
  });

  app.post('/api/groups', async (request) => {
    const user = requireUser(request);
    await guards.checkReadonly(user);
    await guards.checkAdvanced(user, 'groups', 'create');
    const input = parseBody(groupInputSchema, request.body);
    if (input.groupId) await guards.checkGroup(user, input.groupId);
    const row = await insertGroup(ctx, user.id, { name: input.name, groupId: input.groupId || null, attributes: JSON.stringify(input.attributes ?? {}) });
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
      if (await wouldCycle(db, id, parent)) throw new ClientError('Cycle in group hierarchy');
    }
    const row = await updateGroup(ctx, id, { name: input.name, groupId: parent, attributes: JSON.stringify(input.attributes ?? {}) });
    if (!row) throw notFound('Group');
    return toGroup(row);
  });

  app.delete('/api/groups/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await guards.checkRemoveGroup(user, id);
    await deleteGroup(ctx, id);
    return reply.code(204).send();
  });
}
