import type { Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import { updateUserRow } from '../db/user-update.ts';
import { joinTokens, parseTokens, readSubscription, removeToken, type WebPushSubscription } from './push-tokens.ts';
import type { Texts } from './texts.ts';
import type { Outgoing } from './outgoing.ts';
import type { Vapid } from './vapid.ts';
import { sendPush, type Urgency } from './web-push.ts';
import type { SendResult } from '../sms/http-client.ts';
import { addressUsers, type Addressed, type Channel } from './deliveries.ts';

/** What the service worker receives and shows (apps/web/src/sw.js). */
export interface PushMessage {
  title: string;
  body: string;
  /** One notification per event: a repeated push replaces it instead of stacking. */
  tag: string;
  /** Opened on click, relative to the web app. */
  url: string;
  type: string;
  deviceId: number;
  eventId: number;
}

/** Events older than this are no longer worth a notification (Traccar's notificator.timeThreshold). */
const TTL_SECONDS = 900;

/**
 * Read-modify-write of a user's notificationTokens as a compare-and-swap on the attributes text
 * (db/user-update.ts), so that a subscription saved meanwhile never writes back advanced
 * permissions or billing keys an administrator has just changed.
 */
export async function editTokens(db: Kysely<Database>, userId: number, edit: (tokens: string[]) => string[] | Promise<string[]>): Promise<void> {
  await updateUserRow(db, userId, async (stored) => {
    const attributes = attrs(stored.attributes);
    const before = parseTokens(attributes.notificationTokens);
    const after = await edit(before);
    if (after.length === before.length && after.every((t, i) => t === before[i])) return { attributes: stored.attributes };
    if (after.length) attributes.notificationTokens = joinTokens(after);
    else delete attributes.notificationTokens;
    return { attributes: JSON.stringify(attributes) };
  });
}

/**
 * The `firebase` channel of spec §9, delivered as Web Push: every browser subscription in the
 * recipient's notificationTokens gets the event; subscriptions the push service reports gone are
 * removed. Plain Firebase tokens (phone apps) need Firebase Cloud Messaging, which this server
 * does not reach: they are kept and skipped. One message per user, sent to all his browsers; a
 * retry goes only to those that failed.
 */
export class PushChannel implements Channel {
  readonly name = 'firebase';

  constructor(
    private readonly db: Kysely<Database>,
    readonly vapid: Vapid,
    private readonly allowHttp: boolean,
    private readonly log: { info: (msg: string) => void; warn: (msg: string) => void },
  ) {}

  /** While the server's VAPID keys are readable. */
  available(): Promise<boolean> {
    return this.vapid.get().then(() => true, () => false);
  }

  address(outgoing: Outgoing, userIds: number[]): Promise<Addressed[]> {
    const { event } = outgoing;
    return addressUsers(this.db, outgoing, userIds, (user, texts) => {
      const attributes = attrs(user.attributes);
      const payload = Buffer.from(JSON.stringify(message(event, texts)));
      const browsers: { token: string; subscription: WebPushSubscription }[] = [];
      let firebase = 0;
      for (const token of parseTokens(attributes.notificationTokens)) {
        let subscription;
        try {
          subscription = readSubscription(token, this.allowHttp);
        } catch (error) {
          this.log.warn(`push: user ${user.id} has an unusable subscription: ${(error as Error).message}`);
          continue;
        }
        if (!subscription) {
          firebase++;
          this.log.info(`push: user ${user.id} has a Firebase token; Firebase Cloud Messaging is not configured, skipped`);
          continue;
        }
        browsers.push({ token, subscription });
      }
      if (!browsers.length) {
        return { userId: user.id, reason: firebase ? 'no browser subscription (Firebase tokens need Firebase Cloud Messaging)' : 'no push subscription' };
      }
      const recipient = [...new Set(browsers.map((b) => new URL(b.subscription.endpoint).host))].join(', ');
      return { userId: user.id, recipient, send: () => this.sendTo(user.id, browsers, payload, urgencyOf(event)) };
    });
  }

  /** Sends to the browsers left, keeping in `browsers` those that failed (for a retry). */
  private async sendTo(userId: number, browsers: { token: string; subscription: WebPushSubscription }[], payload: Buffer, urgency: Urgency): Promise<SendResult> {
    const failures: string[] = [];
    const failed = new Set<string>();
    await Promise.all(browsers.map(async ({ token, subscription }) => {
      const origin = new URL(subscription.endpoint).origin;
      try {
        const result = await sendPush(this.vapid, subscription, payload, { ttl: TTL_SECONDS, urgency });
        if (!result.gone) return;
        this.log.info(`push: subscription ${origin} of user ${userId} is gone (${result.status}), removed`);
        await editTokens(this.db, userId, (tokens) => removeToken(tokens, token));
      } catch (error) {
        this.log.warn(`push to ${origin} for user ${userId} failed: ${String(error)}`);
        failures.push(`${new URL(origin).host}: ${error instanceof Error ? error.message : String(error)}`);
        failed.add(token);
      }
    }));
    // a retry goes to those that failed only
    browsers.splice(0, browsers.length, ...browsers.filter((b) => failed.has(b.token)));
    return failures.length ? { ok: false, reason: failures.join('; '), retry: true } : { ok: true };
  }
}

function message(event: Event, texts: Texts): PushMessage {
  return {
    title: texts.subject,
    body: texts.body,
    tag: `event-${event.id || event.type}`,
    url: event.deviceId ? `/devices/${event.deviceId}` : '/home',
    type: event.type,
    deviceId: event.deviceId,
    eventId: event.id,
  };
}

function urgencyOf(event: Event): Urgency {
  return event.type === 'alarm' ? 'high' : 'normal';
}
