import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { evaluate } from '../../domain/expressions.ts';
import { ClientError } from '../../domain/errors.ts';
import { convert, expressionVariables } from '../../pipeline/computed.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { optionalId, parseBody } from '../params.ts';

const attributeSchema = z.object({
  id: z.number().int().nonnegative().optional(),
  description: z.string().nullish(),
  attribute: z.string().min(1, 'attribute is required'),
  expression: z.string().min(1, 'expression is required'),
  type: z.enum(['string', 'number', 'boolean']),
  priority: z.number().int().nullish(),
});

/** POST /api/attributes/computed/test: evaluates an expression on a device's latest position. */
export function computedTestRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.post('/api/attributes/computed/test', async (request, reply) => {
    const user = requireUser(request);
    if (!(await ctx.guards.grantsAdminArea(user, 'attributes', 'view'))) ctx.guards.checkAdmin(user);
    const deviceId = optionalId((request.query as Record<string, unknown>).deviceId, 'deviceId');
    if (deviceId === null) throw new ClientError('deviceId is required');
    await ctx.guards.checkDevice(user, deviceId);
    const attribute = parseBody(attributeSchema, request.body);
    const position = await ctx.registry.lastPosition(deviceId);
    if (!position) throw new ClientError('Device has no position to test on');
    let result: unknown;
    try {
      result = evaluate(attribute.expression, expressionVariables(position, null, { lookup: () => undefined }));
    } catch (error) {
      throw new ClientError(`Expression error: ${error instanceof Error ? error.message : String(error)}`);
    }
    const value = convert(result, attribute.type);
    if (value === undefined) return reply.code(204).send();
    return reply.type('application/json').send(JSON.stringify(value));
  });
}
