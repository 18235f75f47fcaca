import { permissionInputSchema } from '@rastro/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { checkResaleLinks } from '../../billing/resellers.ts';
import { lockUserRow } from '../../db/locks.ts';
import { addLinks, linkTable, listLinks, removeLinks, userHasLink, type Link } from '../../db/repositories/links.ts';
import type { Database, LINKS } from '../../db/schema.ts';
import type { UserRow } from '../../db/users.ts';
import { ClientError, accessDenied } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { parseBody } from '../params.ts';

/** Finds the link table of a `{ownerKey: id, propertyKey: id}` body, whichever order its keys come in. */
function resolveLink(body: Record<string, number>): Link {
  const keys = Object.keys(body);
  for (const [owner, property] of [keys, [...keys].reverse()] as [string, string][]) {
    const found = linkTable(owner, property);
    if (found) return { ...found, ownerId: body[owner], propertyId: body[property] };
  }
  throw new ClientError(`Unsupported permission: ${keys.join(', ')}`);
}

/** Non-admins may link only objects they already see, on both ends. */
async function checkEnd(ctx: ApiContext, db: Kysely<Database>, user: UserRow, key: string, id: number): Promise<void> {
  if (key === 'userId' || key === 'managedUserId') return ctx.guards.checkUser(user, id);
  if (key === 'deviceId' || key === 'linkedDeviceId') return ctx.guards.checkDevice(user, id);
  if (key === 'groupId') return ctx.guards.checkGroup(user, id);
  if (!linkTable('userId', key)) throw new ClientError(`Unsupported permission key ${key}`);
  if (!(await userHasLink(db, key as keyof typeof LINKS.userId, user.id, id))) {
    throw accessDenied(key.replace(/Id$/, '').replace(/^./, (c) => c.toUpperCase()));
  }
}

export function permissionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  async function prepare(request: FastifyRequest, parse: (body: unknown) => Record<string, number>[]): Promise<Link[]> {
    // who asks comes first: an anonymous caller hears 401 whatever the body, as in Traccar
    const user = requireUser(request);
    const bodies = parse(request.body);
    if (!user.administrator && (user.readonly || (await ctx.settings.get()).readonly)) throw new ClientError('Operation restricted');
    const links = bodies.map(resolveLink);
    if (!user.administrator) {
      for (const link of links) {
        if (link.owner === 'userId' && link.property === 'managedUserId') ctx.guards.checkManager(user);
        await checkEnd(ctx, db, user, link.owner, link.ownerId);
        await checkEnd(ctx, db, user, link.property, link.propertyId);
      }
    }
    return links;
  }

  const add = (links: Link[]) =>
    addLinks(ctx, links, async (trx) => {
      // users put under a reseller count against his resale limit, whoever links them
      const managedBy = new Map<number, number[]>();
      for (const l of links) {
        if (l.owner === 'userId' && l.property === 'managedUserId') managedBy.set(l.ownerId, [...(managedBy.get(l.ownerId) ?? []), l.propertyId]);
      }
      // counted under the reseller's row lock, as user creation counts it: concurrent links wait (ids in order: no deadlock)
      for (const [resellerId, adding] of [...managedBy].sort(([a], [b]) => a - b)) {
        await lockUserRow(trx, ctx.db.dialect, resellerId);
        await checkResaleLinks(trx, resellerId, adding);
      }
    });

  const bulk = (body: unknown) => {
    if (!Array.isArray(body) || body.length === 0) throw new ClientError('Invalid request: expected a non-empty array of permissions');
    const items = body.map((item) => parseBody(permissionInputSchema, item));
    const shape = Object.keys(items[0]).sort().join();
    if (items.some((item) => Object.keys(item).sort().join() !== shape)) throw new ClientError('Permissions in a bulk request must use the same keys');
    return items;
  };

  for (const [path, parse] of [
    ['/api/permissions', (body: unknown) => [parseBody(permissionInputSchema, body)]],
    ['/api/permissions/bulk', bulk],
  ] as const) {
    app.post(path, async (request, reply) => {
      await add(await prepare(request, parse));
      return reply.code(204).send();
    });
    app.delete(path, async (request, reply) => {
      await removeLinks(ctx, await prepare(request, parse));
      return reply.code(204).send();
    });
  }

  // Administrators read links: the first two query parameters are owner and property (0 = any).
  app.get('/api/permissions', async (request) => {
    ctx.guards.checkAdmin(requireUser(request));
    const entries = Object.entries(request.query as Record<string, string>).slice(0, 2);
    if (entries.length !== 2) throw new ClientError('Expected two query parameters, e.g. userId=1&deviceId=0');
    return listLinks(db, resolveLink(Object.fromEntries(entries.map(([k, v]) => [k, Number(v)]))));
  });
}
