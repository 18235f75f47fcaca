import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ClientError } from '../../domain/errors.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { parseBody } from '../params.ts';

/** Traccar's playlist of a channel without a stream (VideoStreamManager.EMPTY_PLAYLIST). */
const EMPTY_PLAYLIST = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:5\n#EXT-X-MEDIA-SEQUENCE:0\n';

const streamParams = z.object({ deviceId: z.coerce.number().int().positive(), channel: z.coerce.number().int().min(0).max(255) });

/**
 * Traccar's live video (HLS) of camera devices. No protocol here decodes live video yet (JT/T 1078
 * is not implemented), so no channel ever has a stream: the playlist is Traccar's empty one, for a
 * user who sees the device, and a segment is not found.
 */
export function videoStreamRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/api/stream/:deviceId/:channel/live.m3u8', async (request, reply) => {
    const user = requireUser(request);
    const { deviceId } = parseBody(streamParams, request.params);
    await ctx.guards.checkDevice(user, deviceId);
    return reply.type('application/vnd.apple.mpegurl').header('cache-control', 'no-cache').send(EMPTY_PLAYLIST);
  });

  app.get('/api/stream/:deviceId/:channel/:segment', async (request) => {
    const user = requireUser(request);
    const params = request.params as Record<string, string>;
    const { deviceId } = parseBody(streamParams, params);
    if (!/^\d{1,9}\.ts$/.test(params.segment ?? '')) throw new ClientError('Not found', 404);
    await ctx.guards.checkDevice(user, deviceId);
    throw new ClientError('No video segment: the device streams no live video', 404);
  });
}
