import { loginFormSchema } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toUser } from '../../db/mappers.ts';
import { createSession, createToken, deleteSession, checkToken, revokeToken } from '../../db/sessions.ts';
import { findUserById } from '../../db/users.ts';
import { ClientError } from '../../domain/errors.ts';
import { parseTime } from '../../domain/time.ts';
import { SESSION_COOKIE, checkCredentials, disabledReason, requireUser, setSessionCookie } from '../auth.ts';
import { suspensionReason } from '../../billing/account.ts';
import type { ApiContext } from '../context.ts';
import { list, parseBody } from '../params.ts';

const TOKEN_LIFETIME_MS = 7 * 86400_000;

export function sessionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  const cookieAge = () => ctx.config.sessionTimeoutSeconds || null;

  app.get('/api/session', async (request, reply) => {
    const [token] = list((request.query as Record<string, unknown>).token);
    if (token !== undefined) {
      const check = await checkToken(db, token);
      if ('error' in check) throw new ClientError(check.error, 401);
      const user = await findUserById(db, check.userId);
      if (!user) throw new ClientError('Invalid token', 401);
      const reason = disabledReason(user) ?? suspensionReason(user);
      if (reason) throw new ClientError(reason);
      const id = await createSession(db, user.id, check.expiresTime, request.headers.origin ?? null);
      setSessionCookie(reply, id, Math.floor((check.expiresTime - Date.now()) / 1000));
      return toUser(user);
    }
    if (!request.user) throw new ClientError('Not found', 404);
    return toUser(request.user);
  });

  app.post('/api/session', async (request, reply) => {
    const form = parseBody(loginFormSchema, request.body);
    const user = await checkCredentials(db, form.email, form.password);
    if (!user) throw new ClientError('Invalid credentials', 401);
    // disabled, expired, or suspended for non-payment (spec §8, with a trust-unlock variant)
    const reason = disabledReason(user) ?? suspensionReason(user);
    if (reason) throw new ClientError(reason);
    const id = await createSession(db, user.id, null, request.headers.origin ?? null);
    setSessionCookie(reply, id, cookieAge());
    return toUser(user);
  });

  app.delete('/api/session', async (request, reply) => {
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie) await deleteSession(db, cookie);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  app.post('/api/session/token', async (request, reply) => {
    const user = requireUser(request);
    const form = parseBody(z.object({ expiration: z.string().optional() }).passthrough(), request.body ?? {});
    let expires = Date.now() + TOKEN_LIFETIME_MS;
    if (form.expiration) {
      const requested = parseTime(form.expiration);
      if (requested === null) throw new ClientError('expiration must be an ISO 8601 date-time with a time zone');
      if (requested <= Date.now()) throw new ClientError('expiration must be in the future');
      expires = requested;
    }
    const token = await createToken(db, user.id, expires);
    return reply.type('text/plain').send(token);
  });

  app.post('/api/session/token/revoke', async (request, reply) => {
    requireUser(request);
    const form = parseBody(z.object({ token: z.string().min(1, 'token is required') }), request.body);
    await revokeToken(db, form.token);
    return reply.code(204).send();
  });
}
