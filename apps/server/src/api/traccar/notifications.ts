import { NOTIFICATION_TYPES, NOTIFICATORS } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ClientError } from '../../domain/errors.ts';
import { DeliveryFailed } from '../../notifications/dispatcher.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { ids, list, parseBody } from '../params.ts';
import { managedUserIds } from '../../db/access.ts';

export function notificationRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/api/notifications/types', (request) => {
    requireUser(request);
    return NOTIFICATION_TYPES.map((type) => ({ type }));
  });

  // Channels this server delivers now: web always, firebase (Web Push) unless turned off and while
  // its VAPID keys are readable, telegram once the server settings name a bot, sms and whatsapp
  // once they name a gateway, mail once the e-mail integration is set.
  app.get('/api/notifications/notificators', async (request) => {
    requireUser(request);
    // announcements go to people, not to the live map or devices
    const announcement = list((request.query as Record<string, unknown>).announcement)[0] === 'true';
    return (await ctx.notifications.notificators()).filter((n) => !announcement || n !== 'web').map((type) => ({ type }));
  });

  // A synthetic `test` event through every channel to the caller only.
  app.post('/api/notifications/test', async (request, reply) => {
    const user = requireUser(request);
    try {
      await ctx.notifications.test(user.id);
    } catch (error) {
      throw new ClientError(`Notification failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return reply.code(204).send();
  });

  // The same through one channel (Traccar's test/{notificator}); a failure answers its reason as it
  // is (the integrations screen's test buttons show it), and is in the delivery log.
  app.post('/api/notifications/test/:notificator', async (request, reply) => {
    const user = requireUser(request);
    const { notificator } = parseBody(z.object({ notificator: z.enum(NOTIFICATORS) }), request.params);
    try {
      await ctx.notifications.testChannel(user.id, notificator);
    } catch (error) {
      if (error instanceof DeliveryFailed) throw new ClientError(error.message);
      throw error;
    }
    return reply.code(204).send();
  });

  // Traccar's send/{notificator}: a manager's message to users through one channel — to the users
  // asked for (each one his to manage; administrators any), else to all of them; temporary (share
  // link) users never. A failure answers 400 with every user's reason, as the test does.
  const messageSchema = z.object({
    subject: z.string().trim().max(200).optional().default(''),
    body: z.string().trim().min(1, 'body is required').max(4000),
    digest: z.string().trim().max(500).optional(),
    priority: z.boolean().optional(),
  });
  app.post('/api/notifications/send/:notificator', async (request, reply) => {
    const user = requireUser(request);
    ctx.guards.checkManager(user);
    const { notificator } = parseBody(z.object({ notificator: z.enum(NOTIFICATORS) }), request.params);
    const message = parseBody(messageSchema, request.body);
    const asked = [...new Set(ids((request.query as Record<string, unknown>).userId, 'userId'))];
    const managed = user.administrator ? null : new Set(await managedUserIds(ctx.db.kysely, user.id));
    if (managed && asked.some((id) => !managed.has(id))) throw new ClientError('User access denied');
    let q = ctx.db.kysely.selectFrom('tc_users').select('id').where('temporary', '=', 0);
    if (asked.length) q = q.where('id', 'in', asked);
    else if (managed) q = managed.size ? q.where('id', 'in', [...managed]) : q.where('id', '=', -1);
    const userIds = (await q.orderBy('id').execute()).map((r) => r.id);
    try {
      if (userIds.length) await ctx.notifications.sendMessage(notificator, { subject: message.subject, body: message.body, digest: message.digest }, userIds);
    } catch (error) {
      if (error instanceof DeliveryFailed) throw new ClientError(error.message);
      throw error;
    }
    return reply.code(204).send();
  });
}
