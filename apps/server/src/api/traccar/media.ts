import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';

/**
 * GET /api/media/{uniqueId}/{file}: a photo, clip or voice message a device sent (Traccar's media
 * path), to users who see that device. Names come from the position attributes `image`, `video`
 * and `audio`; the store only opens names it generates.
 */
export function mediaRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/api/media/:uniqueId/:file', async (request, reply) => {
    const user = requireUser(request);
    const { uniqueId, file } = request.params as { uniqueId: string; file: string };
    const device = await ctx.registry.findByUniqueId(uniqueId);
    if (!device) throw notFound('Device');
    await ctx.guards.checkDevice(user, device.id);
    const media = await ctx.media.open(device.uniqueId, file);
    if (!media) throw notFound('File');
    return reply
      .type(media.type)
      .header('content-length', media.size)
      .header('cache-control', 'private, max-age=86400')
      .header('content-disposition', `inline; filename="${file}"`)
      .send(media.stream);
  });
}
