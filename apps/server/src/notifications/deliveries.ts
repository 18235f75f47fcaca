import type { DeliveryStatus, Event, Notificator } from '@rastro/api';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, NotificationDeliveryTable, UserTable } from '../db/schema.ts';
import type { SendResult } from '../sms/http-client.ts';
import type { Outgoing } from './outgoing.ts';
import type { Texts } from './texts.ts';

/** One message to one user on one channel, ready to go (and to go again). */
export interface Message {
  userId: number;
  /** Where it goes, as the log shows it: a phone, a chat id, an address, push services. */
  recipient: string;
  send: () => Promise<SendResult>;
}

/** A user the channel cannot reach, and why ("no phone number"). */
export interface Unreachable {
  userId: number;
  reason: string;
}

export type Addressed = Message | Unreachable;

export const isMessage = (addressed: Addressed): addressed is Message => 'send' in addressed;

/** A channel of its own (all but `web`, which the live bus delivers): whom it reaches, and how. */
export interface Channel {
  readonly name: Exclude<Notificator, 'web'>;
  /** Whether the channel is configured now. */
  available: () => Promise<boolean>;
  /** A message for each of the users, with his texts (outgoing.ts), or why he cannot be reached. */
  address: (outgoing: Outgoing, userIds: number[]) => Promise<Addressed[]>;
}

/** What a channel may reach a user by. */
export type Contact = Pick<Selectable<UserTable>, 'id' | 'email' | 'phone' | 'attributes'>;

/**
 * Channel.address's common part: the users, in id order, each with his texts handed to `reach`
 * (his message on the channel, or why it cannot reach him); a user without texts is unreachable.
 */
export async function addressUsers(
  db: Kysely<Database>,
  outgoing: Outgoing,
  userIds: number[],
  reach: (user: Contact, texts: Texts) => Addressed,
): Promise<Addressed[]> {
  if (!userIds.length) return [];
  const users = await db.selectFrom('tc_users').select(['id', 'email', 'phone', 'attributes']).where('id', 'in', userIds).orderBy('id').execute();
  return users.map((user) => {
    const texts = outgoing.texts.get(user.id);
    return texts ? reach(user, texts) : { userId: user.id, reason: 'no text' };
  });
}

export interface RetryPolicy {
  /** Attempts per message in all, the first included. */
  attempts: number;
  /** Before the first retry; each later one waits twice as long. */
  firstDelayMs: number;
}

/** Runs `run` after `ms` (setTimeout; tests see the delays asked for). */
export type Timer = (run: () => void, ms: number) => { cancel: () => void };

const realTimer: Timer = (run, ms) => {
  const timer = setTimeout(run, ms);
  // a pending retry never keeps the process alive
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

/** Rows removed per statement when pruning, so that a large backlog never holds the writer long. */
const PRUNE_BATCH = 5000;
/** A reason is shown in a table and kept in the database: long answers are cut. */
const REASON_LENGTH = 500;

const cut = (reason: string) => (reason.length > REASON_LENGTH ? `${reason.slice(0, REASON_LENGTH)}…` : reason);

/**
 * The delivery log (`tc_notification_deliveries`) and the retries: every message is recorded once
 * tried, as sent or failed with the reason; a failure worth another try (the service busy, down or
 * slow) is tried again after `firstDelayMs`, then twice that, … up to `attempts` in all, on timers
 * that hold nobody back, the row showing `pending` meanwhile. Retries live in this process: a
 * restart drops them, and the sweep then marks them failed.
 */
export class DeliveryLog {
  private readonly timers = new Set<{ cancel: () => void }>();
  private stopped = false;
  /** Told of every message a channel accepted (Traccar's statistics count mail and SMS sent). */
  onSent: ((channel: Notificator) => void) | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: RetryPolicy,
    private readonly log: { warn: (msg: string) => void },
    private readonly timer: Timer = realTimer,
  ) {}

  /** Messages the live bus carried (`web`): sent once published, all in one insert. */
  async recordSent(channel: Notificator, event: Event, userIds: number[], recipient: string | null = null): Promise<void> {
    const now = Date.now();
    await this.insertAll(userIds.map((userId) => this.row(channel, event, userId, recipient, now, { status: 'sent', reason: null, attempts: 1 })));
  }

  /** Users the channel cannot reach: failed at once, nothing to retry. */
  async recordUnreachable(channel: Notificator, event: Event, users: readonly Unreachable[]): Promise<void> {
    const now = Date.now();
    await this.insertAll(users.map((u) => this.row(channel, event, u.userId, null, now, { status: 'failed', reason: cut(u.reason), attempts: 0 })));
  }

  /**
   * Sends one message and records it. The answer is the first attempt's; with `retry`, a failure
   * worth it is tried again later without the caller waiting.
   */
  async send(channel: Notificator, event: Event, message: Message, retry = true): Promise<SendResult> {
    const started = Date.now();
    const result = await attempt(message);
    if (result.ok) this.onSent?.(channel);
    const again = retry && !this.stopped && !result.ok && result.retry && this.policy.attempts > 1;
    const status: DeliveryStatus = result.ok ? 'sent' : again ? 'pending' : 'failed';
    const row = this.row(channel, event, message.userId, message.recipient, started, { status, reason: result.ok ? null : cut(result.reason), attempts: 1 });
    row.updatedTime = Date.now();
    try {
      const { id } = await this.db.insertInto('tc_notification_deliveries').values(row).returning('id').executeTakeFirstOrThrow();
      if (again) this.schedule(channel, id, 1, message);
    } catch (error) {
      // the message went (or not) all the same; a log that cannot be written is not a reason to retry
      this.log.warn(`delivery log not written: ${String(error)}`);
    }
    return result;
  }

  /** Another attempt at a pending message, `attempts` made so far. */
  private schedule(channel: Notificator, id: number, attempts: number, message: Message): void {
    const delay = this.policy.firstDelayMs * 2 ** (attempts - 1);
    const timer = this.timer(() => {
      this.timers.delete(timer);
      void this.retry(channel, id, attempts, message).catch((error: unknown) => this.log.warn(`notification retry failed: ${String(error)}`));
    }, delay);
    this.timers.add(timer);
  }

  private async retry(channel: Notificator, id: number, before: number, message: Message): Promise<void> {
    if (this.stopped) return;
    const result = await attempt(message);
    if (result.ok) this.onSent?.(channel);
    const attempts = before + 1;
    const again = !this.stopped && !result.ok && result.retry && attempts < this.policy.attempts;
    const status: DeliveryStatus = result.ok ? 'sent' : again ? 'pending' : 'failed';
    await this.db.updateTable('tc_notification_deliveries')
      .set({ status, reason: result.ok ? null : cut(result.reason), attempts, updatedTime: Date.now() })
      .where('id', '=', id).execute();
    if (again) this.schedule(channel, id, attempts, message);
  }

  /**
   * Removes entries older than `keepMs`, and marks failed the retries this or another node will
   * never make (it stopped): pending for longer than any retry waits.
   */
  async sweep(now: number, keepMs: number): Promise<{ pruned: number; abandoned: number }> {
    const longestWait = this.policy.firstDelayMs * 2 ** Math.max(0, this.policy.attempts - 2);
    const abandonedBefore = now - longestWait - 5 * 60_000;
    const abandoned = await this.db.updateTable('tc_notification_deliveries')
      .set({ status: 'failed', updatedTime: now, reason: sql<string>`coalesce(${sql.ref('reason')} || '; ', '') || ${'not retried: the server stopped'}` })
      .where('status', '=', 'pending').where('updatedTime', '<', abandonedBefore)
      .executeTakeFirst();
    let pruned = 0;
    for (;;) {
      const batch = this.db.selectFrom('tc_notification_deliveries').select('id').where('time', '<', now - keepMs).limit(PRUNE_BATCH);
      const result = await this.db.deleteFrom('tc_notification_deliveries').where('id', 'in', batch).executeTakeFirst();
      const removed = Number(result.numDeletedRows);
      pruned += removed;
      if (removed < PRUNE_BATCH) break;
    }
    return { pruned, abandoned: Number(abandoned.numUpdatedRows) };
  }

  /** Drops the retries still waiting (the server stops); their rows stay pending until a sweep. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
  }

  private row(
    channel: Notificator, event: Event, userId: number, recipient: string | null, time: number,
    outcome: { status: DeliveryStatus; reason: string | null; attempts: number },
  ): Insertable<NotificationDeliveryTable> {
    return {
      time, updatedTime: time, userId, channel, eventType: event.type, eventId: event.id, deviceId: event.deviceId || null, recipient, ...outcome,
    };
  }

  private async insertAll(rows: Insertable<NotificationDeliveryTable>[]): Promise<void> {
    // a few hundred rows per statement: far below either database's limit on bound values
    for (let i = 0; i < rows.length; i += 500) {
      await this.db.insertInto('tc_notification_deliveries').values(rows.slice(i, i + 500)).execute();
    }
  }
}

/** One try: a channel that throws has failed, and may pass next time. */
async function attempt(message: Message): Promise<SendResult> {
  try {
    return await message.send();
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error), retry: true };
  }
}
