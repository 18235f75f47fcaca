import { parseArea, type Area, type Attributes } from '@rastro/api';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import { parseCalendar } from '../domain/calendar.ts';

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
  lookup(key: string): unknown;
  geofences: GeofenceInfo[];
  maintenances: MaintenanceInfo[];
  /** Computed attributes linked to the device or its groups, highest priority first. */
  computed: ComputedInfo[];
  /** The device's own calendar: positions outside it are dropped (null = always). */
  calendar: CalendarEvents | null;
  /** uniqueIds of the drivers linked to the device or its groups (`processing.useLinkedDriver`). */
  drivers: string[];
}

/**
 * Loads device contexts with a few queries the first time a device is seen, then serves them
 * from memory until any configuration changes (the live bus's invalidation).
 */
export class DeviceContexts {
  private readonly cache = new Map<number, Promise<DeviceContext | null>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: ServerSettings,
  ) {}

  get(deviceId: number): Promise<DeviceContext | null> {
    let entry = this.cache.get(deviceId);
    if (!entry) {
      entry = this.load(deviceId);
      this.cache.set(deviceId, entry);
      entry.catch(() => this.cache.delete(deviceId));
    }
    return entry;
  }

  invalidate(): void {
    this.cache.clear();
  }

  /** A calendar's parsed events; an unreadable calendar never matches rather than stopping processing. */
  private async calendar(id: number | null): Promise<CalendarEvents | null> {
    if (!id) return null;
    const row = await this.db.selectFrom('tc_calendars').select('data').where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    try {
      return parseCalendar(row.data);
    } catch {
      return [];
    }
  }

  private async load(deviceId: number): Promise<DeviceContext | null> {
    const device = await this.db.selectFrom('tc_devices').select(['id', 'groupId', 'calendarId', 'attributes']).where('id', '=', deviceId).executeTakeFirst();
    if (!device) return null;
    const groups = await this.db.selectFrom('tc_groups').select(['id', 'groupId', 'attributes']).execute();
    const byId = new Map(groups.map((g) => [g.id, g]));
    const chain: { id: number; attributes: Attributes }[] = [];
    for (let id = device.groupId; id !== null && byId.has(id) && !chain.some((g) => g.id === id); id = byId.get(id)!.groupId) {
      chain.push({ id, attributes: attrs(byId.get(id)!.attributes) });
    }
    const groupIds = chain.map((g) => g.id);
    const layers = [attrs(device.attributes), ...chain.map((g) => g.attributes), attrs((await this.settings.get()).attributes)];

    const linked = async <K extends 'geofenceId' | 'maintenanceId' | 'attributeId' | 'driverId'>(
      key: K,
      deviceTable: 'tc_device_geofence' | 'tc_device_maintenance' | 'tc_device_attribute' | 'tc_device_driver',
      groupTable: 'tc_group_geofence' | 'tc_group_maintenance' | 'tc_group_attribute' | 'tc_group_driver',
    ) => {
      const ids = new Set<number>();
      for (const r of await this.db.selectFrom(deviceTable).selectAll().where('deviceId', '=', deviceId).execute()) ids.add((r as Record<K, number>)[key]);
      if (groupIds.length) {
        for (const r of await this.db.selectFrom(groupTable).selectAll().where('groupId', 'in', groupIds).execute()) ids.add((r as Record<K, number>)[key]);
      }
      return [...ids];
    };

    const geofenceIds = await linked('geofenceId', 'tc_device_geofence', 'tc_group_geofence');
    const geofences: GeofenceInfo[] = [];
    if (geofenceIds.length) {
      for (const g of await this.db.selectFrom('tc_geofences').selectAll().where('id', 'in', geofenceIds).execute()) {
        try {
          geofences.push({ id: g.id, area: parseArea(g.area), attributes: attrs(g.attributes), calendar: await this.calendar(g.calendarId) });
        } catch {
          // A stored area that no longer parses is skipped rather than stopping processing.
        }
      }
    }
    const maintenanceIds = await linked('maintenanceId', 'tc_device_maintenance', 'tc_group_maintenance');
    const maintenances = maintenanceIds.length
      ? (await this.db.selectFrom('tc_maintenances').selectAll().where('id', 'in', maintenanceIds).execute())
          .map((m) => ({ id: m.id, type: m.type, start: m.start, period: m.period }))
      : [];

    const computedIds = await linked('attributeId', 'tc_device_attribute', 'tc_group_attribute');
    const computed = computedIds.length
      ? (await this.db.selectFrom('tc_attributes').selectAll().where('id', 'in', computedIds).execute())
          .map((a) => ({ id: a.id, attribute: a.attribute, expression: a.expression, type: a.type, priority: a.priority }))
          .sort((a, b) => b.priority - a.priority)
      : [];

    const driverIds = await linked('driverId', 'tc_device_driver', 'tc_group_driver');
    const drivers = driverIds.length
      ? (await this.db.selectFrom('tc_drivers').select(['id', 'uniqueId']).where('id', 'in', driverIds).orderBy('id').execute()).map((d) => d.uniqueId)
      : [];

    return {
      deviceId,
      groupIds,
      computed,
      drivers,
      calendar: await this.calendar(device.calendarId),
      lookup: (key) => {
        for (const layer of layers) if (layer[key] !== undefined && layer[key] !== null) return layer[key];
        return undefined;
      },
      geofences,
      maintenances,
    };
  }
}

/** A numeric setting from the lookup chain, with a default. */
export function numberSetting(context: Pick<DeviceContext, 'lookup'>, key: string, fallback: number): number {
  const value = Number(context.lookup(key));
  return Number.isFinite(value) && context.lookup(key) !== undefined ? value : fallback;
}
