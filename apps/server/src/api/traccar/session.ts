import { loginFormSchema } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toUser } from '../../db/mappers.ts';
import { createSession, createToken, revokeToken } from '../../db/sessions.ts';
import { ClientError } from '../../domain/errors.ts';
import { parseTime } from '../../domain/time.ts';
import { SESSION_COOKIE, checkCredentials, checkOneTimeCode, disabledReason, requireUser, setSessionCookie, tokenUser } from '../auth.ts';
import { suspensionReason } from '../../billing/account.ts';
import type { ApiContext } from '../context.ts';
import { announceRevocation, endSession } from '../revocation.ts';
import { list, parseBody, pathId } from '../params.ts';
import { findUserById } from '../../db/users.ts';

const TOKEN_LIFETIME_MS = 7 * 86400_000;

export function sessionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  const cookieAge = () => ctx.config.sessionTimeoutSeconds || null;

  app.get('/api/session', async (request, reply) => {
    const [token] = list((request.query as Record<string, unknown>).token);
    if (token !== undefined) {
      const found = await tokenUser(db, request, token);
      if ('error' in found) throw new ClientError(found.error, 401);
      const { user, credential } = found;
      const reason = disabledReason(user) ?? suspensionReason(user);
      if (reason) throw new ClientError(reason);
      const id = await createSession(db, user.id, credential.expiresTime, request.headers.origin ?? null);
      setSessionCookie(reply, id, Math.floor((credential.expiresTime - Date.now()) / 1000));
      return toUser(user);
    }
    if (!request.user) throw new ClientError('Not found', 404);
    return toUser(request.user);
  });

  app.post('/api/session', async (request, reply) => {
    const form = parseBody(loginFormSchema, request.body);
    // 429 once the account or the address has used up its failed sign-ins (api/rate-limit.ts)
    const user = await checkCredentials(request, db, form.email, form.password);
    if (!user) throw new ClientError('Invalid credentials', 401);
    await checkOneTimeCode(request, reply, user, form.code);
    // disabled, expired, or suspended for non-payment (spec §8, with a trust-unlock variant)
    const reason = disabledReason(user) ?? suspensionReason(user);
    if (reason) throw new ClientError(reason);
    const id = await createSession(db, user.id, null, request.headers.origin ?? null);
    setSessionCookie(reply, id, cookieAge());
    return toUser(user);
  });

  app.delete('/api/session', async (request, reply) => {
    const cookie = request.cookies[SESSION_COOKIE];
    // the session's sockets close too, on every node
    if (cookie) await endSession(ctx, cookie);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  // Traccar's "log in as": an administrator, or a manager over that user, continues as the user. The
  // caller's own session ends (as Traccar replaces its session's user); signing out ends the user's.
  app.get('/api/session/:id', async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    if (caller.temporary) throw new ClientError('Temporary user');
    await ctx.guards.checkUser(caller, id);
    const target = await findUserById(db, id);
    if (!target) throw new ClientError('User not found', 404);
    // a manager never becomes an administrator, whatever links say
    if (target.administrator && !caller.administrator) throw new ClientError('User access denied');
    const reason = disabledReason(target) ?? suspensionReason(target);
    if (reason) throw new ClientError(reason);
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie && request.credential?.kind === 'session') await endSession(ctx, cookie);
    const session = await createSession(db, target.id, null, request.headers.origin ?? null);
    setSessionCookie(reply, session, cookieAge());
    return toUser(target);
  });

  app.post('/api/session/token', async (request, reply) => {
    const user = requireUser(request);
    // a share-link visitor holds the link's token; more would be credentials the link does not govern
    if (user.temporary) throw new ClientError('Temporary user');
    const form = parseBody(z.object({ expiration: z.string().optional(), userId: z.coerce.number().int().positive().optional() }).loose(), request.body ?? {});
    // Rastro's extension: `userId` mints the token of a user the caller manages (the user editor's
    // token), with the checks of "log in as" above, which gives the caller that user's access anyway
    let owner = user;
    if (form.userId !== undefined && form.userId !== user.id) {
      await ctx.guards.checkUser(user, form.userId);
      const target = await findUserById(db, form.userId);
      if (!target) throw new ClientError('User not found', 404);
      if (target.administrator && !user.administrator) throw new ClientError('User access denied');
      owner = target;
    }
    let expires = Date.now() + TOKEN_LIFETIME_MS;
    if (form.expiration) {
      const requested = parseTime(form.expiration);
      if (requested === null) throw new ClientError('expiration must be an ISO 8601 date-time with a time zone');
      if (requested <= Date.now()) throw new ClientError('expiration must be in the future');
      expires = requested;
    }
    // never beyond the configured maximum, the account's expiry, or the credential minting it (Traccar)
    const credential = request.credential;
    const limits = [Date.now() + ctx.config.tokenMaxDays * 86400_000, owner.expirationTime,
      credential && credential.kind !== 'password' ? credential.expiresTime : null];
    for (const limit of limits) if (limit !== null && limit < expires) expires = limit;
    const token = await createToken(db, owner.id, expires);
    return reply.type('text/plain').send(token);
  });

  app.post('/api/session/token/revoke', async (request, reply) => {
    requireUser(request);
    const form = parseBody(z.object({ token: z.string().min(1, 'token is required') }), request.body);
    const revoked = await revokeToken(db, form.token);
    if (revoked) announceRevocation(ctx.bus, { userIds: [revoked.userId], tokenIds: [revoked.id] });
    return reply.code(204).send();
  });
}
