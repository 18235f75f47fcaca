import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attrs } from '../../db/mappers.ts';
import { findShare, listShares, revokeShare, shareDevice, shareGroup, sharingDisabled, updateShare, type ShareOptions } from '../../db/shares.ts';
import type { UserRow } from '../../db/users.ts';
import { ClientError, accessDenied, notFound } from '../../domain/errors.ts';
import { parseTime } from '../../domain/time.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { announceRevocation } from '../revocation.ts';
import { parseBody, pathId } from '../params.ts';

const expirationField = z.union([z.string(), z.number()]).transform((value, check) => {
  const millis = parseTime(value);
  if (millis === null) {
    check.addIssue({ code: 'custom', message: 'expiration must be an ISO 8601 date-time with a time zone' });
    return z.NEVER;
  }
  return millis;
});

/**
 * Temporary links to one device or one group: Traccar's `POST /api/share/device` and
 * `POST /api/share/group` (forms, answer the token) and the product's `/tarkan/shares` (list,
 * create, change expiry, revoke; plus licence), which lists and revokes group links too.
 */
export function shareRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;

  /** Traccar's checks before any share; answers what the server lets visitors do. */
  async function checkSharing(user: UserRow): Promise<ShareOptions> {
    const server = await ctx.settings.get();
    if (sharingDisabled(server.attributes)) throw new ClientError('Sharing is disabled');
    if (user.temporary) throw new ClientError('Temporary user');
    // the share bit of advanced permissions (extras + create, spec §6)
    await ctx.guards.checkAdvanced(user, 'extras', 'create');
    const settings = attrs(server.attributes);
    return { commands: settings['web.shareDevice.commands'] === true, reports: settings['web.shareDevice.reports'] === true };
  }

  async function create(user: UserRow, deviceId: number, expiration: number) {
    const options = await checkSharing(user);
    await ctx.guards.checkDevice(user, deviceId);
    return shareDevice(ctx, user, deviceId, expiration, options);
  }

  function checkPlus(): void {
    if (ctx.config.licenseMode !== 'plus') throw new ClientError('Plus licence required');
  }

  async function ownShare(user: UserRow, id: number) {
    const share = await findShare(db, id);
    if (!share) throw notFound('Share');
    if (!user.administrator && share.userId !== user.id) throw accessDenied('Share');
    return share;
  }

  app.post('/api/share/device', async (request, reply) => {
    const user = requireUser(request);
    const form = parseBody(z.object({ deviceId: z.coerce.number().int().positive(), expiration: expirationField }), request.body);
    const share = await create(user, form.deviceId, form.expiration);
    return reply.type('text/plain').send(share.token);
  });

  app.post('/api/share/group', async (request, reply) => {
    const user = requireUser(request);
    const form = parseBody(z.object({ groupId: z.coerce.number().int().positive(), expiration: expirationField }), request.body);
    const options = await checkSharing(user);
    await ctx.guards.checkGroup(user, form.groupId);
    const share = await shareGroup(ctx, user, form.groupId, form.expiration, options);
    return reply.type('text/plain').send(share.token);
  });

  app.get('/tarkan/shares', async (request) => {
    checkPlus();
    const user = requireUser(request);
    return listShares(db, user.administrator ? null : user.id);
  });

  app.post('/tarkan/shares', async (request) => {
    checkPlus();
    const user = requireUser(request);
    const body = parseBody(z.object({ deviceId: z.number().int().positive(), expiration: expirationField }).strict(), request.body);
    return create(user, body.deviceId, body.expiration);
  });

  app.put('/tarkan/shares/:id', async (request) => {
    checkPlus();
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    const body = parseBody(z.object({ id: z.number().optional(), deviceId: z.number().optional(), expiration: expirationField }).loose(), request.body);
    await ownShare(user, id);
    // a new expiry shares the device for longer: the share bit again (revoking needs none)
    await ctx.guards.checkAdvanced(user, 'extras', 'create');
    await updateShare(db, id, body.expiration);
    return (await listShares(db, null)).find((s) => s.id === id);
  });

  app.delete('/tarkan/shares/:id', async (request, reply) => {
    checkPlus();
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await ownShare(user, id);
    // the link's visitor loses his sessions, tokens and open sockets, on every node
    announceRevocation(ctx.bus, { userIds: [await revokeShare(ctx, id)], all: true });
    return reply.code(204).send();
  });
}
