import type { FastifyInstance } from 'fastify';
import { ClientError, notFound } from '../../domain/errors.ts';
import { MAX_DEVICE_IMAGE_BYTES, imageKind } from '../../media/device-image.ts';
import { requireUser } from '../auth.ts';
import { binaryRoutes, bodyBytes } from '../binary-body.ts';
import type { ApiContext } from '../context.ts';
import { parseBody, pathId } from '../params.ts';

/**
 * POST /api/devices/{id}/image (Traccar's DeviceResource.uploadImage): the picture of a device, the
 * body being the image's bytes. Its type is read from its content (JPEG, PNG, GIF or WebP: an SVG
 * or a page named .png is refused), at most 500,000 bytes as in Traccar. Stored as
 * `media/<uniqueId>/device.<ext>` under the data directory and served, like the media the device
 * sends, by GET /api/media/{uniqueId}/device.<ext> to the users who see the device. The answer is
 * the file's name; as in Traccar, the client puts it in the device's `attributes.deviceImage`
 * with its next save (traccar-web's device page does), the server does not change the device.
 */
export function deviceImageRoutes(app: FastifyInstance, ctx: ApiContext): void {
  binaryRoutes(app, MAX_DEVICE_IMAGE_BYTES, 'Image size limit exceeded', (scope) => {
    scope.post('/api/devices/:id/image', async (request, reply) => {
      const user = requireUser(request);
      const { id } = parseBody(pathId, request.params);
      // Traccar's checkEdit on devices: read-only and device-read-only users may not
      await ctx.guards.checkDeviceReadonly(user);
      await ctx.guards.checkDevice(user, id);
      await ctx.guards.checkAdvanced(user, 'devices', 'edit');
      const device = await ctx.registry.get(id);
      if (!device) throw notFound('Device');
      const data = bodyBytes(request.body, 'Image');
      const kind = imageKind(data);
      if (!kind) throw new ClientError('Unsupported image type: send a JPEG, PNG, GIF or WebP image');
      const declared = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (declared.startsWith('image/') && declared !== kind.type && !(declared === 'image/jpg' && kind.type === 'image/jpeg')) {
        throw new ClientError(`Image content does not match its type: ${declared} declared, ${kind.type} sent`);
      }
      const name = await ctx.media.saveDeviceImage(device.uniqueId, kind.extension, data);
      return reply.type('text/plain').send(name);
    });
  });
}
