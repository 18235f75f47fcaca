import type { FastifyInstance } from 'fastify';
import { attrs } from '../../db/mappers.ts';
import { ClientError } from '../../domain/errors.ts';
import { pickLocale } from '../../reports/format.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { list } from '../params.ts';

function coordinate(value: unknown, name: string, limit: number): number {
  const [text] = list(value);
  if (text === undefined || text.trim() === '') throw new ClientError(`${name} is required`);
  const number = Number(text);
  if (!Number.isFinite(number) || Math.abs(number) > limit) throw new ClientError(`${name} must be a number between -${limit} and ${limit}, got "${text}"`);
  return number;
}

/**
 * Traccar's `GET /api/server/geocode?latitude&longitude`: the address at a point, as plain text,
 * for a signed-in user. Where Traccar answers 500 without a geocoder, this answers the nearest
 * place of the offline data ("3 km NE de Campinas, SP"), so the answer is never empty; the
 * `x-address-source` header says which (`provider` or `place`). The text is in the language of
 * `language` (an extension), else the user's, else the browser's; distances in the user's unit.
 */
export function geocodeRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/api/server/geocode', async (request, reply) => {
    const user = requireUser(request);
    const query = request.query as Record<string, unknown>;
    const latitude = coordinate(query.latitude, 'latitude', 90);
    const longitude = coordinate(query.longitude, 'longitude', 180);
    const server = await ctx.settings.get();
    const preference = (key: string): unknown => {
      const serverValue = attrs(server.attributes)[key];
      const userValue = attrs(user.attributes)[key];
      return server.forceSettings ? (serverValue ?? userValue) : (userValue ?? serverValue);
    };
    const language = pickLocale(request.headers['accept-language'], list(query.language)[0] ?? preference('tarkan.lang'));
    const unit = preference('distanceUnit') === 'mi' ? 'mi' : 'km';
    const { text, source } = await ctx.geocoder.address(latitude, longitude, language, unit);
    return reply.type('text/plain; charset=utf-8').header('x-address-source', source).send(text);
  });
}
