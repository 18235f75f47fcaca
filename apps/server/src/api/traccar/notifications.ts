import { NOTIFICATION_TYPES } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { ClientError } from '../../domain/errors.ts';
import { toIso } from '../../domain/time.ts';
import { mailSettings } from '../../notifications/mail.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { list } from '../params.ts';

/**
 * Channels this server delivers now: web always, firebase (Web Push) unless turned off and while
 * its VAPID keys are readable, sms once the server settings name an SMS gateway, mail once the
 * e-mail integration is set; telegram has no integration yet.
 */
async function notificators(ctx: ApiContext): Promise<string[]> {
  const push = ctx.notifications.push;
  const pushReady = push ? await push.vapid.get().then(() => true, () => false) : false;
  const mail = Boolean(await mailSettings(ctx.db.kysely));
  const sms = await ctx.sms.available();
  return ['web', ...(pushReady ? ['firebase'] : []), ...(sms ? ['sms'] : []), ...(mail ? ['mail'] : [])];
}

export function notificationRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/api/notifications/types', (request) => {
    requireUser(request);
    return NOTIFICATION_TYPES.map((type) => ({ type }));
  });

  app.get('/api/notifications/notificators', async (request) => {
    requireUser(request);
    // announcements go to people, not to the live map or devices
    const announcement = list((request.query as Record<string, unknown>).announcement)[0] === 'true';
    return (await notificators(ctx)).filter((n) => !announcement || n !== 'web').map((type) => ({ type }));
  });

  // A synthetic `test` event through every channel to the caller only.
  app.post('/api/notifications/test', async (request, reply) => {
    const user = requireUser(request);
    const event = { id: 0, type: 'test', eventTime: toIso(Date.now()), deviceId: 0, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {} };
    try {
      await ctx.notifications.test(user.id, event);
    } catch (error) {
      throw new ClientError(`Notification failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return reply.code(204).send();
  });
}
