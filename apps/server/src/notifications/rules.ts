import type { Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import { calendarContains, parseCalendar } from '../domain/calendar.ts';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';

interface Rule {
  id: number;
  type: string;
  always: boolean;
  notificators: string[];
  alarms: string[] | null;
  geofenceIds: number[] | null;
  /** Notifies only while its calendar contains the event time (null = always). */
  calendar: ReturnType<typeof parseCalendar> | null;
}

interface Snapshot {
  rules: Rule[];
  byDevice: Map<number, Set<number>>;
  byGroup: Map<number, Set<number>>;
  usersByRule: Map<number, number[]>;
}

const csv = (value: unknown): string[] | null =>
  typeof value === 'string' && value.trim() ? value.split(',').map((s) => s.trim()).filter(Boolean) : null;

function index<T extends Record<string, number>>(rows: T[], key: keyof T, value: keyof T): Map<number, Set<number>> {
  const map = new Map<number, Set<number>>();
  for (const row of rows) {
    const set = map.get(row[key]) ?? new Set();
    set.add(row[value]);
    map.set(row[key], set);
  }
  return map;
}

/**
 * Notification rules held in memory (reloaded after any configuration change) and matched
 * against events as Traccar does: rules linked to the device or its groups, plus `always`
 * rules; same type; an alarm rule only for its listed alarms; a geofence filter when set.
 */
export class NotificationRules {
  private snapshot: Promise<Snapshot> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  invalidate(): void {
    this.snapshot = null;
  }

  /** Users to notify of an event through a channel (before the "who sees the device" check). */
  async recipients(event: Event, groupIds: number[], channel: string): Promise<number[]> {
    const { rules, byDevice, byGroup, usersByRule } = await this.load();
    const linked = new Set(byDevice.get(event.deviceId) ?? []);
    for (const g of groupIds) for (const id of byGroup.get(g) ?? []) linked.add(id);
    const users = new Set<number>();
    for (const rule of rules) {
      if (rule.type !== event.type || !rule.notificators.includes(channel)) continue;
      if (!rule.always && !linked.has(rule.id)) continue;
      if (event.type === 'alarm' && !rule.alarms?.includes(String(event.attributes.alarm))) continue;
      if (rule.geofenceIds && event.geofenceId && !rule.geofenceIds.includes(event.geofenceId)) continue;
      if (rule.calendar && !calendarContains(rule.calendar, Date.parse(event.eventTime))) continue;
      for (const user of usersByRule.get(rule.id) ?? []) users.add(user);
    }
    return [...users];
  }

  private load(): Promise<Snapshot> {
    this.snapshot ??= (async () => {
      const [rules, devices, groups, users, calendars] = await Promise.all([
        this.db.selectFrom('tc_notifications').selectAll().execute(),
        this.db.selectFrom('tc_device_notification').selectAll().execute(),
        this.db.selectFrom('tc_group_notification').selectAll().execute(),
        this.db.selectFrom('tc_user_notification').selectAll().execute(),
        this.db.selectFrom('tc_calendars').select(['id', 'data']).execute(),
      ]);
      const calendarOf = (id: number | null) => {
        const data = id ? calendars.find((c) => c.id === id)?.data : undefined;
        if (!data) return null;
        try {
          return parseCalendar(data);
        } catch {
          return []; // an unreadable calendar never matches
        }
      };
      const usersByRule = new Map<number, number[]>();
      for (const u of users) usersByRule.set(u.notificationId, [...(usersByRule.get(u.notificationId) ?? []), u.userId]);
      return {
        rules: rules.map((r) => {
          const a = attrs(r.attributes);
          return {
            id: r.id,
            type: r.type,
            always: Boolean(r.always),
            notificators: csv(r.notificators) ?? [],
            alarms: csv(a.alarms),
            geofenceIds: csv(a.geofenceIds)?.map(Number) ?? null,
            calendar: calendarOf(r.calendarId),
          };
        }),
        byDevice: index(devices, 'deviceId', 'notificationId'),
        byGroup: index(groups, 'groupId', 'notificationId'),
        usersByRule,
      };
    })();
    this.snapshot.catch(() => (this.snapshot = null));
    return this.snapshot;
  }
}
