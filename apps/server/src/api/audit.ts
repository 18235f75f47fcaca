import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from './context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route writes its own, more telling, audit entries. */
    audit?: boolean;
  }
}

/** The body without secrets: a user's password, a QR driver's password. */
function withoutSecrets(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body, password: undefined };
  if (out.attributes && typeof out.attributes === 'object') out.attributes = { ...(out.attributes as object), 'tarkan.qrPassword': undefined };
  return out;
}

/** Object kind of an API path: `/api/devices/5` -> `devices`, `/tarkan/shares` -> `shares`. */
function objectOf(url: string): { type: string; id: number | null } | null {
  const match = /^\/(?:api|tarkan)\/([a-z]+(?:\/computed)?)(?:\/(\d+))?/.exec(url.split('?')[0]!);
  if (!match || match[1] === 'session') return null;
  return { type: match[1]!, id: match[2] ? Number(match[2]) : null };
}

/**
 * The advanced logs (spec §2 "Logs"): every successful change through the API is written to
 * `tc_logs` with who did it and, for devices, which device — read by /tarkan/users/:id/logs and
 * /tarkan/devices/:id/logs.
 */
export function registerAudit(app: FastifyInstance, ctx: ApiContext): void {
  app.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
    if (!['POST', 'PUT', 'DELETE'].includes(request.method) || reply.statusCode >= 300 || !request.user) return payload;
    if (request.routeOptions.config?.audit === false) return payload;
    const object = objectOf(request.url);
    if (!object) return payload;
    // a creation names its object only in the answer
    if (object.id === null && typeof payload === 'string' && payload.startsWith('{')) {
      const id = (JSON.parse(payload) as { id?: unknown }).id;
      if (typeof id === 'number') object.id = id;
    }
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const deviceId = object.type === 'devices' ? object.id : typeof body.deviceId === 'number' ? body.deviceId : null;
    await ctx.db.kysely.insertInto('tc_logs').values({
      time: Date.now(),
      userId: request.user.id,
      deviceId,
      action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      objectType: object.type,
      objectId: object.id,
      // the body without secrets, for "what changed"
      data: JSON.stringify(withoutSecrets(body)).slice(0, 4000),
    }).execute().catch((error: unknown) => request.log.warn(`audit log not written: ${String(error)}`));
    return payload;
  });
}
