import { parseArea, type Area, type Attributes } from '@rastro/api';
import { sql, type Kysely } from 'kysely';
import type { Change } from '../db/changes.ts';
import type { Db } from '../db/connection.ts';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import { parseCalendar } from '../domain/calendar.ts';
import { GroupTree } from './group-tree.ts';

export interface GeofenceInfo {
  id: number;
  area: Area;
  attributes: Attributes;
  /** Active only while its calendar contains the time (null = always). */
  calendar: CalendarEvents | null;
}

type CalendarEvents = ReturnType<typeof parseCalendar>;

export interface ComputedInfo {
  id: number;
  attribute: string;
  expression: string;
  type: string;
  priority: number;
}

export interface MaintenanceInfo {
  id: number;
  type: string;
  start: number;
  period: number;
}

/** What processing needs to know about a device beyond its position, loaded once and cached. */
export interface DeviceContext {
  deviceId: number;
  groupIds: number[];
  /** Device attribute, else the nearest group's, else the server's (Traccar's lookup order). */
  lookup: (key: string) => unknown;
  geofences: GeofenceInfo[];
  maintenances: MaintenanceInfo[];
  /** Computed attributes linked to the device or its groups, highest priority first. */
  computed: ComputedInfo[];
  /** The device's own calendar: positions outside it are dropped (null = always). */
  calendar: CalendarEvents | null;
  /** uniqueIds of the drivers linked to the device or its groups (`processing.useLinkedDriver`). */
  drivers: string[];
}

/** What a context was made of: a change to any of these makes it stale. */
export interface Sources {
  groupIds: number[];
  geofence: Set<number>;
  maintenance: Set<number>;
  attribute: Set<number>;
  driver: Set<number>;
  calendar: Set<number>;
}

/** The objects a context takes from links, by their change name and `<x>Id` link key. */
const LINKED = [
  { entity: 'geofence', key: 'geofenceId', device: 'tc_device_geofence', group: 'tc_group_geofence' },
  { entity: 'maintenance', key: 'maintenanceId', device: 'tc_device_maintenance', group: 'tc_group_maintenance' },
  { entity: 'attribute', key: 'attributeId', device: 'tc_device_attribute', group: 'tc_group_attribute' },
  { entity: 'driver', key: 'driverId', device: 'tc_device_driver', group: 'tc_group_driver' },
] as const;
type LinkedEntity = (typeof LINKED)[number]['entity'];

const isLinked = (name: string): name is LinkedEntity => LINKED.some((l) => l.entity === name);

/** A lookup layer's value counts unless absent or null. */
const present = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * Loads device contexts with a few queries the first time a device is seen, then serves them
 * from memory. Change messages drop only the contexts they make stale: a device's own; those
 * whose group chain holds a group that moved or went (a group's attributes are read live from the
 * group tree, so editing them drops nothing); those holding a changed geofence, maintenance,
 * computed attribute, driver or calendar, or whose device or groups got or lost such a link;
 * all of them when the server settings change. A dropped context is loaded again on its next use.
 */
export class DeviceContexts {
  private readonly cache = new Map<number, Promise<DeviceContext | null>>();
  /** Known once a context is loaded; a context still loading counts as depending on everything. */
  private readonly sources = new Map<number, Sources>();
  private readonly tree: GroupTree;
  /** Group changes being applied: contexts are handed out only after them. */
  private settling: Promise<void> | null = null;
  private readonly db: Kysely<Database>;
  /** How many contexts were loaded (tests and benchmarks watch that a change reloads only what it should). */
  loads = 0;

  constructor(
    private readonly database: Db,
    private readonly settings: ServerSettings,
  ) {
    this.db = database.kysely;
    this.tree = new GroupTree(database);
  }

  get(deviceId: number): Promise<DeviceContext | null> {
    const settling = this.settling;
    if (settling) return settling.then(() => this.get(deviceId));
    let entry = this.cache.get(deviceId);
    if (!entry) {
      const loading: Promise<DeviceContext | null> = this.load(deviceId).then((loaded) => {
        if (loaded && this.cache.get(deviceId) === loading) this.sources.set(deviceId, loaded.sources);
        return loaded?.context ?? null;
      });
      entry = loading;
      this.cache.set(deviceId, loading);
      loading.catch(() => {
        if (this.cache.get(deviceId) === loading) this.cache.delete(deviceId);
      });
    }
    return entry;
  }

  /**
   * What is held, for GET /api/server/cache: the devices with a context (loaded or loading), what
   * each loaded one was made of, and how many groups the group tree holds.
   */
  contents(): { devices: number[]; sources: Map<number, Readonly<Sources>>; groups: number | null } {
    return { devices: [...this.cache.keys()], sources: new Map(this.sources), groups: this.tree.size };
  }

  /** Everything may have changed (the full `invalidate` message). */
  invalidate(): void {
    this.cache.clear();
    this.sources.clear();
    this.tree.reset();
  }

  /** Drops the contexts a change makes stale. */
  changed(change: Change): void {
    if (change.entity === 'link') {
      const entity = change.property.replace(/Id$/, '');
      if (!isLinked(entity)) return;
      if (change.owner === 'deviceId') {
        if (change.ownerIds) for (const id of change.ownerIds) this.drop(id);
        else this.dropWhere((s) => change.propertyIds?.some((id) => s[entity].has(id)) ?? true);
      } else if (change.owner === 'groupId') {
        const owners = change.ownerIds;
        this.dropWhere((s) => owners ? s.groupIds.some((g) => owners.includes(g)) : change.propertyIds?.some((id) => s[entity].has(id)) ?? true);
      }
      return;
    }
    switch (change.entity) {
      case 'device':
        for (const id of change.ids) this.drop(id);
        return;
      case 'group':
        this.groupsChanged(change.ids);
        return;
      case 'server':
        this.cache.clear();
        this.sources.clear();
        return;
      case 'calendar':
      case 'geofence':
      case 'maintenance':
      case 'attribute':
      case 'driver': {
        const kind = change.entity;
        this.dropWhere((s) => change.ids.some((id) => s[kind].has(id)));
        return;
      }
      default:
    }
  }

  /** The tree re-reads the groups; contexts whose chain runs through one that moved or went are dropped. */
  private groupsChanged(ids: number[]): void {
    const settling: Promise<void> = this.tree.refresh(ids).then(
      (moved) => this.dropWhere((s) => s.groupIds.some((g) => moved.includes(g))),
      () => this.invalidate(),
    ).finally(() => {
      if (this.settling === settling) this.settling = null;
    });
    this.settling = settling;
  }

  private drop(deviceId: number): void {
    this.cache.delete(deviceId);
    this.sources.delete(deviceId);
  }

  private dropWhere(stale: (sources: Sources) => boolean): void {
    for (const deviceId of [...this.cache.keys()]) {
      const sources = this.sources.get(deviceId);
      if (!sources || stale(sources)) this.drop(deviceId);
    }
  }

  /** Parsed calendars by id; an unreadable calendar never matches rather than stopping processing. */
  private async calendars(ids: (number | null)[]): Promise<Map<number, CalendarEvents>> {
    const wanted = [...new Set(ids.filter((id): id is number => !!id))];
    if (!wanted.length) return new Map();
    const rows = await this.db.selectFrom('tc_calendars').select(['id', 'data']).where('id', 'in', wanted).execute();
    return new Map(rows.map((row) => {
      try {
        return [row.id, parseCalendar(row.data)];
      } catch {
        return [row.id, []];
      }
    }));
  }

  /** Ids linked to the device or to one of its groups, of each kind, in one query. */
  private async linkedIds(deviceId: number, groupIds: number[]): Promise<Record<LinkedEntity, number[]>> {
    const parts = LINKED.flatMap(({ entity, key, device, group }) => [
      sql`select ${sql.lit(entity)} as kind, ${sql.ref(key)} as id from ${sql.table(device)} where ${sql.ref('deviceId')} = ${deviceId}`,
      ...(groupIds.length
        ? [sql`select ${sql.lit(entity)} as kind, ${sql.ref(key)} as id from ${sql.table(group)} where ${sql.ref('groupId')} in (${sql.join(groupIds)})`]
        : []),
    ]);
    // ids of a raw query come as the driver reads them (a bigint may be a string)
    const { rows } = await sql<{ kind: LinkedEntity; id: number | string }>`${sql.join(parts, sql` union all `)}`.execute(this.db);
    const ids: Record<LinkedEntity, Set<number>> = { geofence: new Set(), maintenance: new Set(), attribute: new Set(), driver: new Set() };
    for (const row of rows) ids[row.kind].add(Number(row.id));
    return { geofence: [...ids.geofence], maintenance: [...ids.maintenance], attribute: [...ids.attribute], driver: [...ids.driver] };
  }

  private async load(deviceId: number): Promise<{ context: DeviceContext; sources: Sources } | null> {
    this.loads++;
    const device = await this.db.selectFrom('tc_devices').select(['id', 'groupId', 'calendarId', 'attributes']).where('id', '=', deviceId).executeTakeFirst();
    if (!device) return null;
    const groupIds = await this.tree.chain(device.groupId);
    const own = attrs(device.attributes);
    const server = attrs((await this.settings.get()).attributes);
    const linked = await this.linkedIds(deviceId, groupIds);

    const geofenceRows = linked.geofence.length ? await this.db.selectFrom('tc_geofences').selectAll().where('id', 'in', linked.geofence).execute() : [];
    const calendars = await this.calendars([device.calendarId, ...geofenceRows.map((g) => g.calendarId)]);
    const calendarOf = (id: number | null) => (id ? calendars.get(id) ?? null : null);
    const geofences: GeofenceInfo[] = [];
    for (const g of geofenceRows) {
      try {
        geofences.push({ id: g.id, area: parseArea(g.area), attributes: attrs(g.attributes), calendar: calendarOf(g.calendarId) });
      } catch {
        // A stored area that no longer parses is skipped rather than stopping processing.
      }
    }
    const maintenances = linked.maintenance.length
      ? (await this.db.selectFrom('tc_maintenances').selectAll().where('id', 'in', linked.maintenance).execute())
          .map((m) => ({ id: m.id, type: m.type, start: m.start, period: m.period }))
      : [];
    const computed = linked.attribute.length
      ? (await this.db.selectFrom('tc_attributes').selectAll().where('id', 'in', linked.attribute).execute())
          .map((a) => ({ id: a.id, attribute: a.attribute, expression: a.expression, type: a.type, priority: a.priority }))
          .sort((a, b) => b.priority - a.priority)
      : [];
    const drivers = linked.driver.length
      ? (await this.db.selectFrom('tc_drivers').select(['id', 'uniqueId']).where('id', 'in', linked.driver).orderBy('id').execute()).map((d) => d.uniqueId)
      : [];

    const tree = this.tree;
    const context: DeviceContext = {
      deviceId,
      groupIds,
      computed,
      drivers,
      calendar: calendarOf(device.calendarId),
      // the groups' layers are read from the tree at each lookup: their edits apply without a reload
      lookup: (key) => {
        if (present(own[key])) return own[key];
        for (const id of groupIds) {
          const value = tree.attributes(id)[key];
          if (present(value)) return value;
        }
        return present(server[key]) ? server[key] : undefined;
      },
      geofences,
      maintenances,
    };
    const sources: Sources = {
      groupIds,
      geofence: new Set(linked.geofence),
      maintenance: new Set(linked.maintenance),
      attribute: new Set(linked.attribute),
      driver: new Set(linked.driver),
      calendar: new Set([device.calendarId, ...geofenceRows.map((g) => g.calendarId)].filter((id): id is number => !!id)),
    };
    return { context, sources };
  }
}

/** A numeric setting from the lookup chain, with a default. */
export function numberSetting(context: Pick<DeviceContext, 'lookup'>, key: string, fallback: number): number {
  const value = Number(context.lookup(key));
  return Number.isFinite(value) && context.lookup(key) !== undefined ? value : fallback;
}
