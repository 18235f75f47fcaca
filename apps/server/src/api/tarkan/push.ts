import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userExists } from '../../db/repositories/users.ts';
import { ClientError, notFound } from '../../domain/errors.ts';
import { editTokens } from '../../notifications/push.ts';
import { addToken, MAX_TOKEN_LENGTH, readSubscription, removeToken, subscriptionToken } from '../../notifications/push-tokens.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { parseBody } from '../params.ts';

const tokenBody = z.object({
  userId: z.number().int().positive(),
  token: z.string().trim().min(1, 'token must not be empty').max(MAX_TOKEN_LENGTH),
}).strict();

/**
 * Push tokens (spec §7 POST /tarkan/notification): a phone app's Firebase token or a browser's
 * Web Push subscription (its JSON), kept in the user's notificationTokens attribute, and the
 * VAPID public key browsers subscribe with.
 */
export function pushRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  const push = ctx.notifications.push;

  app.get('/tarkan/push', async (request) => {
    requireUser(request);
    if (!push) return { enabled: false, publicKey: null };
    return { enabled: true, publicKey: (await push.vapid.get()).publicKey };
  });

  /** The caller may edit his own tokens or those of users he manages. */
  const target = async (request: FastifyRequest) => {
    const user = requireUser(request);
    const body = parseBody(tokenBody, request.body);
    await ctx.guards.checkUser(user, body.userId);
    if (!(await userExists(db, body.userId))) throw notFound('User');
    return body;
  };

  app.post('/tarkan/notification', async (request, reply) => {
    const body = await target(request);
    let token = body.token;
    let subscription;
    try {
      subscription = readSubscription(token, ctx.config.push.allowHttp);
    } catch (error) {
      throw new ClientError(`token: ${(error as Error).message}`);
    }
    if (subscription) {
      if (!push) throw new ClientError('Web Push is turned off on this server');
      token = subscriptionToken(subscription);
    } else if (/[\s,]/.test(token)) {
      // the attribute is a comma-joined list
      throw new ClientError('token: must not contain commas or spaces');
    }
    await editTokens(db, body.userId, (tokens) => addToken(tokens, token));
    return reply.code(204).send();
  });

  // Unregisters a token; a subscription matches by its endpoint. Absent already is fine.
  app.delete('/tarkan/notification', async (request, reply) => {
    const body = await target(request);
    await editTokens(db, body.userId, (tokens) => removeToken(tokens, body.token));
    return reply.code(204).send();
  });
}
