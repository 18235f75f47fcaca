import type { Event } from '@rastro/api';
import type { Kysely, Selectable } from 'kysely';
import { calendarContains, parseCalendar } from '../domain/calendar.ts';
import { asText } from '../domain/json.ts';
import type { Change } from '../db/changes.ts';
import { attrs } from '../db/mappers.ts';
import type { Database, NotificationTable } from '../db/schema.ts';
import { KEY } from '../position/keys.ts';

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

/** Link tables of the rules, by owner. */
const NOTIFICATION_LINKS = { deviceId: 'tc_device_notification', groupId: 'tc_group_notification', userId: 'tc_user_notification' } as const;

type OwnedLink = { owner: number; notificationId: number };

/** The rows the rules are made of, as read; a change re-reads only the rows it names. */
interface Source {
  rules: Map<number, Selectable<NotificationTable>>;
  /** Every calendar's data, by id. */
  calendars: Map<number, string>;
  links: Record<keyof typeof NOTIFICATION_LINKS, OwnedLink[]>;
}

/**
 * Notification rules held in memory and matched against events as Traccar does: rules linked to
 * the device or its groups, plus `always` rules; same type; an alarm rule only for its listed
 * alarms; a geofence filter when set. Read whole once; then a changed rule, calendar or rule link
 * re-reads just those rows.
 */
export class NotificationRules {
  private source: Promise<Source> | null = null;
  private snapshot: Promise<Snapshot> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  invalidate(): void {
    this.source = null;
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
      if (event.type === 'alarm' && !rule.alarms?.includes(asText(event.attributes[KEY.alarm]))) continue;
      if (rule.geofenceIds && event.geofenceId && !rule.geofenceIds.includes(event.geofenceId)) continue;
      if (rule.calendar && !calendarContains(rule.calendar, Date.parse(event.eventTime))) continue;
      for (const user of usersByRule.get(rule.id) ?? []) users.add(user);
    }
    return [...users];
  }

  /** Applies a change to what is held (if anything is): only the rows it names are read again. */
  changed(change: Change): void {
    if (!this.source || !affects(change)) return;
    const next = this.source.then((source) => this.apply(source, change));
    this.source = next;
    this.snapshot = null;
    next.catch(() => {
      if (this.source === next) this.source = null;
    });
  }

  private async apply(source: Source, change: Change): Promise<Source> {
    if (change.entity === 'notification') {
      for (const id of change.ids) source.rules.delete(id);
      const rows = await this.db.selectFrom('tc_notifications').selectAll().where('id', 'in', change.ids).execute();
      for (const row of rows) source.rules.set(row.id, row);
    } else if (change.entity === 'calendar') {
      for (const id of change.ids) source.calendars.delete(id);
      const rows = await this.db.selectFrom('tc_calendars').select(['id', 'data']).where('id', 'in', change.ids).execute();
      for (const row of rows) source.calendars.set(row.id, row.data);
    } else if (change.entity === 'link') {
      const owner = change.owner;
      const { ownerIds, propertyIds } = change;
      // the links of the owners or notifications named (all of the table when neither is known)
      const named = (link: OwnedLink) =>
        (ownerIds === null && propertyIds === null) || !!ownerIds?.includes(link.owner) || !!propertyIds?.includes(link.notificationId);
      const table = NOTIFICATION_LINKS[owner];
      const rows = await (this.db as unknown as Kysely<Record<string, Record<string, number>>>).selectFrom(table).selectAll()
        .$if(ownerIds !== null || propertyIds !== null, (q) => q.where((eb) => eb.or([
          ...(ownerIds?.length ? [eb(owner, 'in', ownerIds)] : []),
          ...(propertyIds?.length ? [eb('notificationId', 'in', propertyIds)] : []),
          ...(!ownerIds?.length && !propertyIds?.length ? [eb.lit(false)] : []),
        ])))
        .execute();
      source.links[owner] = [...source.links[owner].filter((link) => !named(link)), ...rows.map((r) => ({ owner: r[owner], notificationId: r.notificationId }))];
    }
    return source;
  }

  private load(): Promise<Snapshot> {
    this.source ??= this.read();
    const source = this.source;
    source.catch(() => {
      if (this.source === source) this.source = null;
    });
    this.snapshot ??= source.then(snapshotOf);
    const snapshot = this.snapshot;
    snapshot.catch(() => {
      if (this.snapshot === snapshot) this.snapshot = null;
    });
    return snapshot;
  }

  private async read(): Promise<Source> {
    const [rules, devices, groups, users, calendars] = await Promise.all([
      this.db.selectFrom('tc_notifications').selectAll().execute(),
      this.db.selectFrom('tc_device_notification').selectAll().execute(),
      this.db.selectFrom('tc_group_notification').selectAll().execute(),
      this.db.selectFrom('tc_user_notification').selectAll().execute(),
      this.db.selectFrom('tc_calendars').select(['id', 'data']).execute(),
    ]);
    return {
      rules: new Map(rules.map((r) => [r.id, r])),
      calendars: new Map(calendars.map((c) => [c.id, c.data])),
      links: {
        deviceId: devices.map((r) => ({ owner: r.deviceId, notificationId: r.notificationId })),
        groupId: groups.map((r) => ({ owner: r.groupId, notificationId: r.notificationId })),
        userId: users.map((r) => ({ owner: r.userId, notificationId: r.notificationId })),
      },
    };
  }
}

/** The rules as matched, from the rows held. */
function snapshotOf(source: Source): Snapshot {
  const calendarOf = (id: number | null) => {
    const data = id ? source.calendars.get(id) : undefined;
    if (!data) return null;
    try {
      return parseCalendar(data);
    } catch {
      return []; // an unreadable calendar never matches
    }
  };
  const usersByRule = new Map<number, number[]>();
  for (const u of source.links.userId) usersByRule.set(u.notificationId, [...(usersByRule.get(u.notificationId) ?? []), u.owner]);
  return {
    rules: [...source.rules.values()].sort((a, b) => a.id - b.id).map((r) => {
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
    byDevice: index(source.links.deviceId, 'owner', 'notificationId'),
    byGroup: index(source.links.groupId, 'owner', 'notificationId'),
    usersByRule,
  };
}

/** Whether a change touches rules: a rule, a calendar, or a rule's links. */
function affects(change: Change): boolean {
  if (change.entity === 'link') return change.property === 'notificationId' && change.owner in NOTIFICATION_LINKS;
  return change.entity === 'notification' || change.entity === 'calendar';
}

