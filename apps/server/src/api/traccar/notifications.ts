import { NOTIFICATION_TYPES } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { toIso } from '../../domain/time.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { list } from '../params.ts';

/** Channels this server delivers; the others of spec §9 (firebase, telegram, sms, mail) need their integration configured. */
const NOTIFICATORS = ['web'];

export function notificationRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/api/notifications/types', async (request) => {
    requireUser(request);
    return NOTIFICATION_TYPES.map((type) => ({ type }));
  });

  app.get('/api/notifications/notificators', async (request) => {
    requireUser(request);
    // announcements go to people, not to the live map or devices
    const announcement = list((request.query as Record<string, unknown>).announcement)[0] === 'true';
    return NOTIFICATORS.filter((n) => !announcement || n !== 'web').map((type) => ({ type }));
  });

  // A synthetic `test` event through every channel to the caller only.
  app.post('/api/notifications/test', async (request, reply) => {
    const user = requireUser(request);
    ctx.bus.publish({
      kind: 'event',
      userIds: [user.id],
      event: { id: 0, type: 'test', eventTime: toIso(Date.now()), deviceId: 0, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {} },
    });
    return reply.code(204).send();
  });
}
