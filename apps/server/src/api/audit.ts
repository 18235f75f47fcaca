import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskSecrets } from '../domain/secrets.ts';
import type { ApiContext } from './context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route writes its own, more telling, audit entries. */
    audit?: boolean;
  }
}

/** Room for one entry's data, in characters of JSON. */
export const AUDIT_DATA_LIMIT = 4000;
const LONG_TEXT = 200;
const MANY_ITEMS = 20;

/**
 * What an audit entry keeps of a request body: secrets masked (domain/secrets.ts), then made to
 * fit AUDIT_DATA_LIMIT by shortening the value itself — long texts cut with a marker, long lists
 * and objects reduced to their first entries and a count — so the stored text is always valid JSON,
 * never a serialisation cut in the middle. If even that is too long, only the body's keys remain.
 */
export function auditData(body: unknown): string {
  const masked = maskSecrets(body);
  for (const [text, items] of [[LONG_TEXT, MANY_ITEMS], [40, 5]] as const) {
    const json = JSON.stringify(shorten(masked, text, items)) ?? 'null';
    if (json.length <= AUDIT_DATA_LIMIT) return json;
  }
  const keys = masked && typeof masked === 'object' ? Object.keys(masked).slice(0, 50).map((k) => k.slice(0, 40)) : [];
  return JSON.stringify({ '…': `${JSON.stringify(masked)?.length ?? 0} characters, too long to keep`, keys });
}

function shorten(value: unknown, text: number, items: number): unknown {
  if (typeof value === 'string') return value.length > text ? `${value.slice(0, text)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) {
    const kept = value.slice(0, items).map((item) => shorten(item, text, items));
    return value.length > items ? [...kept, `… (${value.length - items} more)`] : kept;
  }
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries.slice(0, items)) out[key.length > text ? `${key.slice(0, text)}…` : key] = shorten(item, text, items);
  if (entries.length > items) out['…'] = `${entries.length - items} more`;
  return out;
}

/** Object kind of an API path: `/api/devices/5` -> `devices`, `/tarkan/shares` -> `shares`. */
function objectOf(url: string): { type: string; id: number | null } | null {
  const match = /^\/(?:api|tarkan)\/([a-z]+(?:\/computed)?)(?:\/(\d+))?/.exec(url.split('?')[0]);
  if (!match || match[1] === 'session') return null;
  return { type: match[1], id: match[2] ? Number(match[2]) : null };
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
      const id = parsed(payload)?.id;
      if (typeof id === 'number') object.id = id;
    }
    // a file sent as the body (a device picture, a web file) is kept as its size
    const body = (Buffer.isBuffer(request.body) ? { bytes: request.body.length }
      : request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const deviceId = object.type === 'devices' ? object.id : typeof body.deviceId === 'number' ? body.deviceId : null;
    await ctx.db.kysely.insertInto('tc_logs').values({
      time: Date.now(),
      userId: request.user.id,
      deviceId,
      action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      objectType: object.type,
      objectId: object.id,
      // the body, for "what changed": secrets masked, always valid JSON
      data: auditData(body),
    }).execute().catch((error: unknown) => request.log.warn(`audit log not written: ${String(error)}`));
    return payload;
  });
}

function parsed(text: string): { id?: unknown } | null {
  try {
    return JSON.parse(text) as { id?: unknown };
  } catch {
    return null;
  }
}
