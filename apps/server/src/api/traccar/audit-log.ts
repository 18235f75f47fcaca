import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { LogTable } from '../../db/schema.ts';
import { ClientError } from '../../domain/errors.ts';
import { jsonOrText } from '../../domain/json.ts';
import { toIso } from '../../domain/time.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { time } from '../params.ts';

/** More actions than this in one period is a period to shorten, not a list to send. */
export const MAX_AUDIT_ACTIONS = 50_000;

/** Traccar's Action (tc_actions): who did what to which object, when. */
export interface Action {
  id: number;
  actionTime: string;
  /** The client's address: not recorded by Rastro's audit log, so always null. */
  address: string | null;
  userId: number;
  userEmail: string | null;
  actionType: string;
  objectType: string | null;
  objectId: number;
  attributes: Record<string, unknown>;
}

/** The object kind of an entry (the audit hook writes the path's collection) as Traccar names it. */
const OBJECT_TYPES: Readonly<Record<string, string>> = {
  devices: 'device', groups: 'group', users: 'user', geofences: 'geofence', notifications: 'notification', drivers: 'driver',
  calendars: 'calendar', maintenance: 'maintenance', commands: 'command', 'attributes/computed': 'attribute', orders: 'order',
  server: 'server', shares: 'share', share: 'share', reports: 'report', positions: 'position', password: 'user', billing: 'invoice',
};

type LogEntry = Selectable<LogTable>;

/**
 * One audit entry as Traccar's Action. Traccar's action types come from the request: POST is
 * `create`, PUT `edit`, DELETE `remove`; a link is `link`/`unlink` on the property's kind with
 * the owner in `ownerType`/`ownerId`; sending a command is `command`, resetting the accumulators
 * `accumulators`. Entries the server writes itself (QR driver check-ins) keep their own wording.
 * `attributes` keeps what Rastro records beyond Traccar: the request, the device it touched and
 * its body (secrets masked by the audit hook).
 */
export function toAction(entry: LogEntry, email: string | null): Action {
  const [method, route = ''] = entry.action.split(' ', 2);
  const body = jsonOrText(entry.data);
  let actionType = entry.action;
  let objectType = entry.objectType === null ? null : (OBJECT_TYPES[entry.objectType] ?? entry.objectType);
  let objectId = entry.objectId ?? 0;
  const attributes: Record<string, unknown> = { request: entry.action };
  if (entry.deviceId !== null) attributes.deviceId = entry.deviceId;
  if (body !== null) attributes.data = body;
  if (route.startsWith('/')) {
    actionType = { POST: 'create', PUT: 'edit', DELETE: 'remove' }[method] ?? method.toLowerCase();
    if (route.startsWith('/api/permissions')) {
      actionType = method === 'DELETE' ? 'unlink' : 'link';
      const link = Array.isArray(body) ? (body[0] as unknown) : body;
      if (link && typeof link === 'object') {
        const [owner, property] = Object.entries(link as Record<string, unknown>);
        if (owner && property) {
          attributes.ownerType = owner[0].replace(/Id$/, '');
          attributes.ownerId = owner[1];
          objectType = property[0].replace(/Id$/, '').replace(/^managedUser$/, 'user').replace(/^linkedDevice$/, 'device');
          objectId = Number(property[1]) || 0;
        }
      }
    } else if (route === '/api/commands/send') {
      actionType = 'command';
      objectType = 'device';
      objectId = entry.deviceId ?? 0;
    } else if (route.endsWith('/accumulators')) {
      actionType = 'accumulators';
    }
  }
  return {
    id: entry.id, actionTime: toIso(entry.time), address: null, userId: entry.userId ?? 0, userEmail: email,
    actionType, objectType, objectId, attributes,
  };
}

/**
 * GET /api/audit?from&to (Traccar's AuditResource, administrators): the audit log's entries of
 * the period, oldest first, as Traccar's Action objects.
 */
export function auditLogRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely;
  app.get('/api/audit', async (request) => {
    ctx.guards.checkAdmin(requireUser(request));
    const query = request.query as Record<string, unknown>;
    const from = time(query.from, 'from');
    const to = time(query.to, 'to');
    if (to < from) throw new ClientError('to must not be before from');
    const rows = await db.selectFrom('tc_logs')
      .leftJoin('tc_users', 'tc_users.id', 'tc_logs.userId')
      .select(['tc_logs.id', 'tc_logs.time', 'tc_logs.userId', 'tc_logs.deviceId', 'tc_logs.action', 'tc_logs.objectType', 'tc_logs.objectId', 'tc_logs.data', 'tc_users.email'])
      .where('tc_logs.time', '>=', from).where('tc_logs.time', '<=', to)
      .orderBy('tc_logs.time').orderBy('tc_logs.id')
      .limit(MAX_AUDIT_ACTIONS + 1)
      .execute();
    if (rows.length > MAX_AUDIT_ACTIONS) throw new ClientError(`More than ${MAX_AUDIT_ACTIONS} actions in the period: choose a shorter one`);
    return rows.map(({ email, ...entry }) => toAction(entry, email ?? null));
  });
}
