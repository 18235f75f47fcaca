import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

export const COUNTERS = ['requests', 'messagesReceived', 'messagesStored', 'mailSent', 'smsSent', 'geocoderRequests', 'geolocationRequests'] as const;
export type Counter = (typeof COUNTERS)[number];

const DAY_MS = 86_400_000;
const dayOf = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;

/**
 * Traccar's daily statistics, recorded for real: counters and the active users and devices are
 * gathered in memory and added to the day's row every `flushMs` (and at stop), so a node adds only
 * what it saw and nodes sharing a database add up. Sources that keep their own running totals
 * (the geocoder's, the geolocation's requests) are read as deltas at each flush.
 */
export class Statistics {
  private counts = new Map<Counter, number>();
  private users = new Set<number>();
  private devices = new Set<number>();
  private protocols = new Map<string, number>();
  private readonly totals = new Map<Counter, { read: () => number; last: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: { warn: (message: string) => void },
    private readonly now: () => number = Date.now,
  ) {}

  count(counter: Counter, n = 1): void {
    this.counts.set(counter, (this.counts.get(counter) ?? 0) + n);
  }

  /** An API request, by a signed-in user or not. */
  request(userId: number | null): void {
    this.count('requests');
    if (userId !== null) this.users.add(userId);
  }

  /** A message a device sent (before filtering). */
  message(deviceId: number, protocol: string): void {
    this.count('messagesReceived');
    this.devices.add(deviceId);
    this.protocols.set(protocol, (this.protocols.get(protocol) ?? 0) + 1);
  }

  /** A source keeping its own running total of a counter (read at each flush). */
  track(counter: Counter, read: () => number): void {
    this.totals.set(counter, { read, last: read() });
  }

  start(flushMs = 60_000): void {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Adds what was gathered to today's row; on failure it is kept for the next flush. */
  flush(): Promise<void> {
    this.flushing ??= this.write().catch((error: unknown) => this.log.warn(`statistics not written: ${String(error)}`)).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    for (const [counter, source] of this.totals) {
      const value = source.read();
      if (value > source.last) this.count(counter, value - source.last);
      source.last = value;
    }
    const counts = this.counts;
    const users = this.users;
    const devices = this.devices;
    const protocols = this.protocols;
    if (!counts.size && !users.size && !devices.size) return;
    this.counts = new Map();
    this.users = new Set();
    this.devices = new Set();
    this.protocols = new Map();
    const day = dayOf(this.now());
    try {
      await this.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('tc_statistics').selectAll().where('day', '=', day).executeTakeFirst();
        const merged: Record<string, number> = row?.protocols ? (JSON.parse(row.protocols) as Record<string, number>) : {};
        for (const [name, n] of protocols) merged[name] = (merged[name] ?? 0) + n;
        const values = Object.fromEntries(COUNTERS.map((c) => [c, (row?.[c] ?? 0) + (counts.get(c) ?? 0)])) as Record<Counter, number>;
        const protocolText = Object.keys(merged).length ? JSON.stringify(merged) : null;
        if (row) await trx.updateTable('tc_statistics').set({ ...values, protocols: protocolText }).where('day', '=', day).execute();
        else await trx.insertInto('tc_statistics').values({ day, ...values, protocols: protocolText }).execute();
        const active = [...[...users].map((id) => ({ day, kind: 'user', objectId: id })), ...[...devices].map((id) => ({ day, kind: 'device', objectId: id }))];
        for (let i = 0; i < active.length; i += 500) {
          await trx.insertInto('tc_statistics_active').values(active.slice(i, i + 500)).onConflict((oc) => oc.columns(['day', 'kind', 'objectId']).doNothing()).execute();
        }
      });
    } catch (error) {
      // kept for the next flush: nothing counted is lost to a busy database
      for (const [c, n] of counts) this.count(c, n);
      for (const id of users) this.users.add(id);
      for (const id of devices) this.devices.add(id);
      for (const [name, n] of protocols) this.protocols.set(name, (this.protocols.get(name) ?? 0) + n);
      throw error;
    }
  }
}

/** Traccar's Statistics objects of the UTC days that overlap [from, to], oldest first. */
export async function statisticsBetween(db: Kysely<Database>, from: number, to: number) {
  const rows = await db.selectFrom('tc_statistics').selectAll().where('day', '>=', dayOf(from)).where('day', '<=', to).orderBy('day').execute();
  if (!rows.length) return [];
  const active = await db.selectFrom('tc_statistics_active').select(['day', 'kind', sql<number>`count(*)`.as('n')])
    .where('day', '>=', dayOf(from)).where('day', '<=', to).groupBy(['day', 'kind']).execute();
  const activeOf = (day: number, kind: string) => active.find((a) => a.day === day && a.kind === kind)?.n ?? 0;
  return rows.map((row) => {
    const { day } = row;
    return {
      // Traccar stamps a day's row when it is written, at the day's end; the day's midnight here
      captureTime: new Date(day).toISOString(),
      activeUsers: activeOf(day, 'user'),
      activeDevices: activeOf(day, 'device'),
      ...Object.fromEntries(COUNTERS.map((c) => [c, row[c]])),
      protocols: row.protocols ? (JSON.parse(row.protocols) as Record<string, number>) : {},
    };
  });
}
