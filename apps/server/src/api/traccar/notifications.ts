import { NOTIFICATION_TYPES, NOTIFICATORS } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ClientError } from '../../domain/errors.ts';
import { DeliveryFailed } from '../../notifications/dispatcher.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { list, parseBody } from '../params.ts';

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
}
