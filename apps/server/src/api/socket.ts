import type { FastifyInstance } from 'fastify';
import { FramesAfterOpening } from '../live/frames-after-opening.ts';
import { ClientError } from '../domain/errors.ts';
import { suspensionReason } from '../billing/account.ts';
import { disabledReason, tokenUser } from './auth.ts';
import { socketOwner } from './revocation.ts';
import type { ApiContext } from './context.ts';
import { list } from './params.ts';
import { latestPositionsJson } from './traccar/latest-positions.ts';

/**
 * /api/socket: Traccar's live channel. Authenticated by the session cookie or `?token=`;
 * opens with the latest position of every visible device, then carries
 * `{devices}`, `{positions}` and `{events}` frames.
 */
export function socketRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get(
    '/api/socket',
    {
      websocket: true,
      preValidation: async (request) => {
        const [token] = list((request.query as Record<string, unknown>).token);
        if (token !== undefined && !request.user) {
          const found = await tokenUser(ctx.db.kysely, request, token);
          // the same refusals as resolveUser: disabled, expired, suspended for non-payment
          if ('user' in found && !disabledReason(found.user) && !suspensionReason(found.user)) {
            request.user = found.user;
            request.credential = found.credential;
          }
        }
        if (!request.user) throw new ClientError('User is not authenticated', 401);
      },
    },
    (socket, request) => {
      const user = request.user!;
      // live frames wait behind the opening one, so that they apply over it, never under it
      const live = new FramesAfterOpening(socket);
      // the hub knows which session or token opened it, so that revoking that closes it
      ctx.hub.add(socketOwner(request), live, (code, reason) => socket.close(code, reason));
      socket.on('close', () => ctx.hub.remove(user.id, live));
      socket.on('error', () => ctx.hub.remove(user.id, live));
      // Clients may send {"logs":true}; nothing else is expected from them.
      socket.on('message', () => undefined);
      void (async () => {
        const devices = [...(await ctx.hub.visibleDevices(user.id))];
        live.open(`{"positions":${await latestPositionsJson(ctx, devices, true)}}`);
      })().catch((error: unknown) => {
        request.log.error(error);
        // without its opening frame the socket would be silently incomplete; the client reconnects
        socket.close(1011, 'Internal server error');
      });
    },
  );
}

