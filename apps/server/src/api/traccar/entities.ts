import { attributesSchema, parseArea, type PermissionArea } from '@rastro/api';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { attrs } from '../../db/mappers.ts';
import { LINKS, type Database, type LinkTableName } from '../../db/schema.ts';
import type { UserRow } from '../../db/users.ts';
import { ClientError, accessDenied, notFound } from '../../domain/errors.ts';
import { parseCalendar } from '../../domain/calendar.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';
import { flagParam, optionalId, parseBody, pathId } from '../params.ts';
import { qrDriverHooks } from '../../qr-driver/driver-hooks.ts';

export type Row = Record<string, unknown> & { id: number };
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The many simple objects of the Traccar API share one shape of CRUD: a table, a body
 * schema, a link key that ties them to users, devices and groups. Each is described once here.
 */
interface EntityDescription {
  path: string;
  table: string;
  /** `<x>Id` key of the permission link tables. */
  key: Exclude<keyof typeof LINKS.userId, 'deviceId' | 'groupId' | 'managedUserId'>;
  kind: string;
  order: string;
  /** Body fields (besides id and attributes) and how to store them. */
  fields: z.ZodRawShape;
  hasAttributes: boolean;
  adminOnly?: boolean;
  /** Columns stored as 0/1 that are booleans on the wire. */
  booleans?: string[];
  /** Area of the advanced permissions (spec §6). */
  area: PermissionArea;
  /** Extra work of this kind of object around its writes (e.g. the QR driver's login account). */
  hooks?: (ctx: ApiContext) => EntityHooks;
}

/** Called inside the write's transaction, except `committed`, which follows the commit. */
export interface EntityHooks {
  /** The body to store (may drop secrets); may throw a ClientError to refuse the write. */
  beforeWrite(trx: Kysely<Database>, body: Record<string, unknown>, id: number | null): Promise<Record<string, unknown>>;
  /** `body` is the one received, before `beforeWrite`. */
  afterWrite(trx: Kysely<Database>, row: Row, body: Record<string, unknown>): Promise<void>;
  afterDelete(trx: Kysely<Database>, id: number): Promise<void>;
  committed(id: number): Promise<void>;
  /** What GET returns of a stored row. */
  toWire(wire: Record<string, unknown>): Record<string, unknown>;
}

const text = (max = 512) => z.string().max(max);
const optionalRef = z.number().int().nonnegative().nullish();

const ENTITIES: EntityDescription[] = [
  {
    path: '/api/geofences', area: 'geofences', table: 'tc_geofences', key: 'geofenceId', kind: 'Geofence', order: 'name', hasAttributes: true,
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
    path: '/api/drivers', area: 'drivers', table: 'tc_drivers', key: 'driverId', kind: 'Driver', order: 'name', hasAttributes: true,
    fields: { name: text(128).trim().min(1, 'name is required'), uniqueId: text(128).trim().min(1, 'uniqueId is required') },
    hooks: qrDriverHooks,
  },
  {
    path: '/api/calendars', area: 'calendars', table: 'tc_calendars', key: 'calendarId', kind: 'Calendar', order: 'name', hasAttributes: true,
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
    path: '/api/maintenance', area: 'maintenance', table: 'tc_maintenances', key: 'maintenanceId', kind: 'Maintenance', order: 'name', hasAttributes: true,
    fields: { name: text(128).trim().min(1, 'name is required'), type: text(128).min(1), start: z.number().finite(), period: z.number().finite() },
  },
  {
    path: '/api/notifications', area: 'notifications', table: 'tc_notifications', key: 'notificationId', kind: 'Notification', order: 'description',
    hasAttributes: true, booleans: ['always'],
    fields: {
      type: text(128).min(1, 'type is required'), description: text().nullish(), always: z.boolean().nullish(),
      calendarId: optionalRef, commandId: optionalRef, notificators: text(256).nullish(),
    },
  },
  {
    path: '/api/commands', area: 'commands', table: 'tc_commands', key: 'commandId', kind: 'Command', order: 'description', hasAttributes: true,
    booleans: ['textChannel'],
    fields: { description: text().nullish(), type: text(128).min(1, 'type is required'), textChannel: z.boolean().nullish(), deviceId: optionalRef },
  },
  {
    path: '/api/attributes/computed', area: 'attributes', table: 'tc_attributes', key: 'attributeId', kind: 'Attribute', order: 'description',
    hasAttributes: false, adminOnly: true,
    fields: {
      description: text().nullish(), attribute: text(128).min(1, 'attribute is required'), expression: text(4000).min(1, 'expression is required'),
      type: z.enum(['string', 'number', 'boolean']), priority: z.number().int().nullish(),
    },
  },
];

function schemaFor(entity: EntityDescription) {
  return z
    .object({
      id: z.number().int().nonnegative().optional(),
      ...entity.fields,
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
  return columns;
}

function toWire(entity: EntityDescription, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const b of entity.booleans ?? []) out[b] = Boolean(row[b]);
  if (entity.hasAttributes) out.attributes = attrs(row.attributes as string);
  return out;
}

export function entityRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const db = ctx.db.kysely as unknown as AnyDb;
  for (const entity of ENTITIES) registerEntity(app, ctx, db, entity);
}

function registerEntity(app: FastifyInstance, ctx: ApiContext, db: AnyDb, entity: EntityDescription): void {
  const userLink = LINKS.userId[entity.key] as LinkTableName;
  // Calendars are linked to users only; the rest also to groups and devices.
  const groupLink = (LINKS.groupId as Record<string, LinkTableName>)[entity.key];
  const deviceLink = (LINKS.deviceId as Record<string, LinkTableName>)[entity.key];
  const schema = schemaFor(entity);
  const hooks = entity.hooks?.(ctx);
  const wire = (row: Row) => (hooks ? hooks.toWire(toWire(entity, row)) : toWire(entity, row));
  const trxDb = (trx: unknown) => trx as Kysely<Database>;

  async function checkAccess(user: UserRow, id: number): Promise<void> {
    if (user.administrator) return;
    const link = await db.selectFrom(userLink).select(entity.key).where('userId', '=', user.id).where(entity.key, '=', id).executeTakeFirst();
    if (!link) throw accessDenied(entity.kind);
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
      const link = await db.selectFrom(LINKS.userId[key]).select(key).where('userId', '=', user.id).where(key, '=', id).executeTakeFirst();
      if (!link) throw accessDenied(kind);
    }
  }

  async function checkWrite(user: UserRow, action: 'create' | 'edit' | 'delete'): Promise<void> {
    // Traccar keeps these to administrators; advanced permissions may open them to a user (spec §6)
    if (entity.adminOnly && !(await ctx.guards.grantsAdminArea(user, entity.area, action))) ctx.guards.checkAdmin(user);
    // read-only first, so a read-only user hears the same message from every area
    await ctx.guards.checkReadonly(user);
    await ctx.guards.checkAdvanced(user, entity.area, action);
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
    let q = db.selectFrom(entity.table).selectAll().orderBy(entity.order);
    // Subqueries over the link tables; their generic typing is beyond Kysely's inference.
    const linked = (table: LinkTableName, owner: string, id: number) =>
      db.selectFrom(table).select(entity.key).where(owner, '=', id) as never;
    // Traccar ANDs the filters: a device or group someone else also sees may carry his objects,
    // which stay his. Administrators filtering by device or group see every object linked there.
    const byDeviceOrGroup = (deviceId !== null && deviceLink) || (groupId !== null && groupLink);
    if (userId !== null && userId !== user.id) {
      await ctx.guards.checkUser(user, userId);
      q = q.where('id', 'in', linked(userLink, 'userId', userId));
    } else if (!(user.administrator && (flagParam(query.all) || byDeviceOrGroup))) {
      q = q.where('id', 'in', linked(userLink, 'userId', user.id));
    }
    if (groupId !== null && groupLink) {
      await ctx.guards.checkGroup(user, groupId);
      q = q.where('id', 'in', linked(groupLink, 'groupId', groupId));
    }
    if (deviceId !== null && deviceLink) {
      await ctx.guards.checkDevice(user, deviceId);
      q = q.where('id', 'in', linked(deviceLink, 'deviceId', deviceId));
    }
    return (await q.execute()).map((row) => wire(row as Row));
  });

  app.get(`${entity.path}/:id`, async (request) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await checkAccess(user, id);
    const row = await db.selectFrom(entity.table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(entity.kind);
    return wire(row as Row);
  });

  app.post(entity.path, async (request) => {
    const user = requireUser(request);
    await checkWrite(user, 'create');
    const body = parseBody(schema, request.body) as Record<string, unknown>;
    await checkReferences(user, body, null);
    const row = await db.transaction().execute(async (trx) => {
      const stored = hooks ? await hooks.beforeWrite(trxDb(trx), body, null) : body;
      const created = await trx.insertInto(entity.table).values(toColumns(entity, stored) as never).returningAll().executeTakeFirstOrThrow();
      await trx.insertInto(userLink).values({ userId: user.id, [entity.key]: created.id } as never).execute();
      await hooks?.afterWrite(trxDb(trx), created as Row, body);
      return created;
    });
    await hooks?.committed(row.id as number);
    ctx.bus.publish({ kind: 'invalidate' });
    return wire(row as Row);
  });

  app.put(`${entity.path}/:id`, async (request) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await checkWrite(user, 'edit');
    const body = parseBody(schema, request.body) as Record<string, unknown>;
    if (body.id !== undefined && body.id !== id) throw new ClientError('Body id does not match the path');
    await checkAccess(user, id);
    const existing = await db.selectFrom(entity.table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!existing) throw notFound(entity.kind);
    await checkReferences(user, body, existing);
    const row = await db.transaction().execute(async (trx) => {
      const stored = hooks ? await hooks.beforeWrite(trxDb(trx), body, id) : body;
      const updated = await trx.updateTable(entity.table).set(toColumns(entity, stored) as never).where('id', '=', id).returningAll().executeTakeFirst();
      if (!updated) throw notFound(entity.kind);
      await hooks?.afterWrite(trxDb(trx), updated as Row, body);
      return updated;
    });
    await hooks?.committed(id);
    ctx.bus.publish({ kind: 'invalidate' });
    return wire(row as Row);
  });

  app.delete(`${entity.path}/:id`, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseBody(pathId, request.params);
    await checkWrite(user, 'delete');
    await checkAccess(user, id);
    await db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom(entity.table).where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound(entity.kind);
      for (const table of [userLink, groupLink, deviceLink]) if (table) await trx.deleteFrom(table).where(entity.key, '=', id).execute();
      await hooks?.afterDelete(trxDb(trx), id);
    });
    await hooks?.committed(id);
    ctx.bus.publish({ kind: 'invalidate' });
    return reply.code(204).send();
  });
}
