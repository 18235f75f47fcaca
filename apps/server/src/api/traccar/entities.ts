import { SCHEDULED_REPORT_TYPES, attributesSchema, parseArea, type PermissionArea } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attrs } from '../../db/mappers.ts';
import {
  deleteEntity, findEntity, hasDeviceLinks, hasGroupLinks, insertEntity, listEntities, updateEntity, type EntityRow, type EntityTable, type EntityWrite,
} from '../../db/repositories/entities.ts';
import { userHasLink } from '../../db/repositories/links.ts';
import type { UserRow } from '../../db/users.ts';
import { ClientError, accessDenied, notFound } from '../../domain/errors.ts';
import { parseCalendar } from '../../domain/calendar.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { flagParam, optionalId, parseBody, pathId } from '../params.ts';
import type { EntityHooks } from './entity-hooks.ts';
import { qrDriverHooks } from './qr-driver-hooks.ts';
import { reportHooks } from './report-hooks.ts';

export type Row = EntityRow;

/**
 * The many simple objects of the Traccar API share one shape of CRUD: a table, a body
 * schema, a link key that ties them to users, devices and groups. Each is described once here.
 */
interface EntityDescription extends EntityTable {
  path: string;
  /** Body fields (besides id and attributes) and how to store them. */
  fields: z.ZodRawShape;
  hasAttributes: boolean;
  adminOnly?: boolean;
  /** Columns stored as 0/1 that are booleans on the wire. */
  booleans?: string[];
  /** Area of the advanced permissions (spec §6); null for objects no area governs (orders). */
  area: PermissionArea | null;
  /** Extra work of this kind of object around its writes (e.g. the QR driver's login account). */
  hooks?: (ctx: ApiContext) => EntityHooks;
  /**
   * Fields only the server writes (a scheduled report's run times and links): a body may carry
   * them, as a GET returned them, but what is stored of them comes from the kind's hooks alone.
   */
  serverFields?: string[];
}

const text = (max = 512) => z.string().max(max);
const optionalRef = z.number().int().nonnegative().nullish();

const ENTITIES: EntityDescription[] = [
  {
    path: '/api/geofences', entity: 'geofence', area: 'geofences', table: 'tc_geofences', key: 'geofenceId', kind: 'Geofence', order: 'name', hasAttributes: true,
    fields: {
      name: text(128).trim().min(1, 'Field name is required.'),
      description: text().nullish(),
      area: text(100000).superRefine((value, check) => {
        try {
          parseArea(value);
        } catch (error) {
          check.addIssue({ code: 'custom', message: `area: ${(error as Error).message} (CIRCLE, POLYGON or LINESTRING, latitude first)` });
        }
      }),
      calendarId: optionalRef,
    },
  },
  {
    path: '/api/drivers', entity: 'driver', area: 'drivers', table: 'tc_drivers', key: 'driverId', kind: 'Driver', order: 'name', hasAttributes: true,
    fields: { name: text(128).trim().min(1, 'name is required'), uniqueId: text(128).trim().min(1, 'uniqueId is required') },
    hooks: qrDriverHooks,
  },
  {
    path: '/api/calendars', entity: 'calendar', area: 'calendars', table: 'tc_calendars', key: 'calendarId', kind: 'Calendar', order: 'name', hasAttributes: true,
    fields: {
      name: text(128).trim().min(1, 'name is required'),
      data: text(100000).superRefine((value, check) => {
        try {
          parseCalendar(value);
        } catch (error) {
          check.addIssue({ code: 'custom', message: `data: ${(error as Error).message} (base64 iCalendar)` });
        }
      }),
    },
  },
  {
    path: '/api/maintenance', entity: 'maintenance', area: 'maintenance', table: 'tc_maintenances', key: 'maintenanceId', kind: 'Maintenance', order: 'name', hasAttributes: true,
    fields: { name: text(128).trim().min(1, 'name is required'), type: text(128).min(1), start: z.number(), period: z.number() },
  },
  {
    path: '/api/notifications', entity: 'notification', area: 'notifications', table: 'tc_notifications', key: 'notificationId', kind: 'Notification', order: 'description',
    hasAttributes: true, booleans: ['always'],
    fields: {
      type: text(128).min(1, 'type is required'), description: text().nullish(), always: z.boolean().nullish(),
      calendarId: optionalRef, commandId: optionalRef, notificators: text(256).nullish(),
    },
  },
  {
    path: '/api/commands', entity: 'command', area: 'commands', table: 'tc_commands', key: 'commandId', kind: 'Command', order: 'description', hasAttributes: true,
    booleans: ['textChannel'],
    fields: { description: text().nullish(), type: text(128).min(1, 'type is required'), textChannel: z.boolean().nullish(), deviceId: optionalRef },
  },
  {
    path: '/api/attributes/computed', entity: 'attribute', area: 'attributes', table: 'tc_attributes', key: 'attributeId', kind: 'Attribute', order: 'description',
    hasAttributes: false, adminOnly: true,
    fields: {
      description: text().nullish(), attribute: text(128).min(1, 'attribute is required'), expression: text(4000).min(1, 'expression is required'),
      type: z.enum(['string', 'number', 'boolean']), priority: z.number().int().nullish(),
    },
  },
  {
    // Traccar's Order (delivery orders for integrations): linked to users, groups and devices like
    // the others, listed by description; no area of the advanced permissions governs it
    path: '/api/orders', entity: 'order', area: null, table: 'tc_orders', key: 'orderId', kind: 'Order', order: 'description', hasAttributes: true,
    fields: {
      uniqueId: text(128).trim().min(1, 'uniqueId is required'), description: text().nullish(),
      fromAddress: text().nullish(), toAddress: text().nullish(),
    },
  },
  {
    // Traccar's Report: a scheduled report, run when an occurrence of its calendar ends and mailed
    // to its users (reports/scheduler.ts); its devices and groups are linked to it like the others'
    path: '/api/reports', entity: 'report', area: 'reports', table: 'tc_reports', key: 'reportId', kind: 'Report', order: 'description', hasAttributes: true,
    fields: {
      type: z.enum(SCHEDULED_REPORT_TYPES), description: text().nullish(), calendarId: optionalRef,
    },
    serverFields: ['lastRun', 'nextRun', 'deviceIds', 'groupIds'],
    hooks: reportHooks,
  },
];

function schemaFor(entity: EntityDescription) {
  return z
    .object({
      // a new object's id is not read (Traccar assigns it): the spec's anchor posts -1
      id: z.number().int().optional(),
      ...entity.fields,
      ...Object.fromEntries((entity.serverFields ?? []).map((field) => [field, z.unknown().optional()])),
      ...(entity.hasAttributes ? { attributes: attributesSchema.nullish() } : {}),
    })
    .strict();
}

function toColumns(entity: EntityDescription, body: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const field of Object.keys(entity.fields)) {
    if (field === 'deviceId') continue; // a command's deviceId is not stored (Traccar)
    const value = body[field];
    columns[field] = entity.booleans?.includes(field) ? (value ? 1 : 0) : (value ?? null);
  }
  if (entity.table === 'tc_attributes') columns.priority = body.priority ?? 0;
  if (entity.hasAttributes) columns.attributes = JSON.stringify(body.attributes ?? {});
  for (const field of entity.serverFields ?? []) if (field in body) columns[field] = body[field];
  return columns;
}

function toWire(entity: EntityDescription, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const b of entity.booleans ?? []) out[b] = Boolean(row[b]);
  if (entity.hasAttributes) out.attributes = attrs(row.attributes as string);
  return out;
}

export function entityRoutes(app: FastifyInstance, ctx: ApiContext): void {
  for (const entity of ENTITIES) registerEntity(app, ctx, entity);
}

function registerEntity(app: FastifyInstance, ctx: ApiContext, entity: EntityDescription): void {
  const db = ctx.db.kysely;
  // Calendars are linked to users only; the rest also to groups and devices.
  const groupLinks = hasGroupLinks(entity);
  const deviceLinks = hasDeviceLinks(entity);
  const schema = schemaFor(entity);
  const hooks = entity.hooks?.(ctx);
  // a kind's hooks may read more to answer with (a scheduled report's links)
  const wire = (row: Row): Promise<Record<string, unknown>> => Promise.resolve(hooks ? hooks.toWire(toWire(entity, row)) : toWire(entity, row));
  /** What a body writes: the kind's hooks first (inside the write's transaction), then its columns. */
  const writeOf = (body: Record<string, unknown>, id: number | null): EntityWrite => ({
    columns: async (trx) => toColumns(entity, hooks ? await hooks.beforeWrite(trx, body, id) : body),
    after: async (trx, row) => hooks?.afterWrite(trx, row, body),
  });

  async function checkAccess(user: UserRow, id: number): Promise<void> {
    if (user.administrator) return;
    if (!(await userHasLink(db, entity.key, user.id, id))) throw accessDenied(entity.kind);
  }

  /**
   * Objects the body names must be the caller's to name: a calendar (Traccar's checkEdit on
   * Schedulable) and a notification's saved command. A value kept unchanged on an update passes.
   */
  async function checkReferences(user: UserRow, body: Record<string, unknown>, stored: Record<string, unknown> | null): Promise<void> {
    if (user.administrator) return;
    for (const [key, kind] of [['calendarId', 'Calendar'], ['commandId', 'Command']] as const) {
      const id = body[key];
      if (!(key in entity.fields) || typeof id !== 'number' || id <= 0) continue;
      if (stored && Number(stored[key]) === id) continue;
      if (!(await userHasLink(db, key, user.id, id))) throw accessDenied(kind);
    }
  }

  async function checkWrite(user: UserRow, action: 'create' | 'edit' | 'delete'): Promise<void> {
    // Traccar keeps these to administrators; advanced permissions may open them to a user (spec §6)
    if (entity.adminOnly && !(entity.area && (await ctx.guards.grantsAdminArea(user, entity.area, action)))) ctx.guards.checkAdmin(user);
    // read-only first, so a read-only user hears the same message from every area
    await ctx.guards.checkReadonly(user);
    if (entity.area) await ctx.guards.checkAdvanced(user, entity.area, action);
    if (entity.key === 'commandId' && !user.administrator && (user.limitCommands || (await ctx.settings.get()).limitCommands)) {
      throw new ClientError('Write access denied');
    }
  }

  app.get(entity.path, async (request) => {
    const user = requireUser(request);
    const query = request.query as Record<string, unknown>;
    const deviceId = optionalId(query.deviceId, 'deviceId');
    const groupId = optionalId(query.groupId, 'groupId');
    const userId = optionalId(query.userId, 'userId');
    // Traccar ANDs the filters: a device or group someone else also sees may carry his objects,
    // which stay his. Administrators filtering by device or group see every object linked there.
    const byDeviceOrGroup = (deviceId !== null && deviceLinks) || (groupId !== null && groupLinks);
    let owner: number | null = null;
    if (userId !== null && userId !== user.id) {
      await ctx.guards.checkUser(user, userId);
      owner = userId;
    } else if (!(user.administrator && (flagParam(query.all) || byDeviceOrGroup))) {
      owner = user.id;
    }
    if (groupId !== null && groupLinks) await ctx.guards.checkGroup(user, groupId);
    if (deviceId !== null && deviceLinks) await ctx.guards.checkDevice(user, deviceId);
    return Promise.all((await listEntities(db, entity, { userId: owner, groupId, deviceId })).map(wire));
  });

  app.get(`${entity.path}/:id`, async (request) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await checkAccess(user, id);
    const row = await findEntity(db, entity, id);
    if (!row) throw notFound(entity.kind);
    return wire(row);
  });

  app.post(entity.path, async (request) => {
    const user = requireUser(request);
    await checkWrite(user, 'create');
    const body = parseBody(schema, request.body) as Record<string, unknown>;
    await checkReferences(user, body, null);
    const row = await insertEntity(ctx, entity, user.id, writeOf(body, null));
    await hooks?.committed(row.id);
    return wire(row);
  });

  app.put(`${entity.path}/:id`, async (request) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await checkWrite(user, 'edit');
    const body = parseBody(schema, request.body) as Record<string, unknown>;
    if (body.id !== undefined && body.id !== id) throw new ClientError('Body id does not match the path');
    await checkAccess(user, id);
    const existing = await findEntity(db, entity, id);
    if (!existing) throw notFound(entity.kind);
    await checkReferences(user, body, existing);
    const row = await updateEntity(ctx, entity, id, writeOf(body, id));
    await hooks?.committed(id);
    return wire(row);
  });

  app.delete(`${entity.path}/:id`, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await checkWrite(user, 'delete');
    await checkAccess(user, id);
    await deleteEntity(ctx, entity, id, hooks && ((trx) => hooks.afterDelete(trx, id)));
    await hooks?.committed(id);
    return reply.code(204).send();
  });
}
