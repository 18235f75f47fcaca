import { DELIVERY_STATUSES, NOTIFICATORS, type DeliveryPage, type DeliveryStatus, type Notificator } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { ClientError } from '../../domain/errors.ts';
import { toIso } from '../../domain/time.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { list, optionalId, time } from '../params.ts';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

function oneOf<T extends string>(value: unknown, name: string, allowed: readonly T[]): T | null {
  const [text] = list(value);
  if (text === undefined || text === '') return null;
  if (!(allowed as readonly string[]).includes(text)) throw new ClientError(`${name} must be one of ${allowed.join(', ')}`);
  return text as T;
}

function count(value: unknown, name: string, fallback: number, max: number): number {
  const [text] = list(value);
  if (text === undefined || text === '') return fallback;
  const number = Number(text);
  if (!Number.isInteger(number) || number < 0 || number > max) throw new ClientError(`${name} must be an integer from 0 to ${max}`);
  return number;
}

/**
 * The notification delivery log (administrators): every message sent on every channel, newest
 * first, a page at a time (`offset`, `limit` up to 500), filtered by period (`from`, `to`), user,
 * device, channel, status and event type. Traccar has no such endpoint, so it lives under /tarkan.
 */
export function deliveryRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  app.get('/tarkan/deliveries', async (request): Promise<DeliveryPage> => {
    ctx.guards.checkAdmin(requireUser(request));
    const query = request.query as Record<string, unknown>;
    const from = query.from === undefined ? null : time(query.from, 'from');
    const to = query.to === undefined ? null : time(query.to, 'to');
    const userId = optionalId(query.userId, 'userId');
    const deviceId = optionalId(query.deviceId, 'deviceId');
    const channel = oneOf<Notificator>(query.channel, 'channel', NOTIFICATORS);
    const status = oneOf<DeliveryStatus>(query.status, 'status', DELIVERY_STATUSES);
    const [eventType] = list(query.eventType);
    const offset = count(query.offset, 'offset', 0, Number.MAX_SAFE_INTEGER);
    const limit = count(query.limit, 'limit', DEFAULT_LIMIT, MAX_LIMIT);

    let filtered = db.selectFrom('tc_notification_deliveries as d');
    if (from !== null) filtered = filtered.where('d.time', '>=', from);
    if (to !== null) filtered = filtered.where('d.time', '<=', to);
    if (userId !== null) filtered = filtered.where('d.userId', '=', userId);
    if (deviceId !== null) filtered = filtered.where('d.deviceId', '=', deviceId);
    if (channel) filtered = filtered.where('d.channel', '=', channel);
    if (status) filtered = filtered.where('d.status', '=', status);
    if (eventType) filtered = filtered.where('d.eventType', '=', eventType);

    const [{ total }, rows] = await Promise.all([
      filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      filtered
        .leftJoin('tc_users as u', 'u.id', 'd.userId')
        .leftJoin('tc_devices as v', 'v.id', 'd.deviceId')
        .selectAll('d')
        .select(['u.name as userName', 'v.name as deviceName'])
        .orderBy('d.time', 'desc').orderBy('d.id', 'desc')
        .limit(limit).offset(offset)
        .execute(),
    ]);
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        time: toIso(r.time),
        updatedTime: toIso(r.updatedTime),
        userId: r.userId,
        userName: r.userName,
        channel: r.channel as Notificator,
        eventType: r.eventType,
        eventId: r.eventId,
        deviceId: r.deviceId,
        deviceName: r.deviceName,
        recipient: r.recipient,
        status: r.status as DeliveryStatus,
        reason: r.reason,
        attempts: r.attempts,
      })),
    };
  });
}
