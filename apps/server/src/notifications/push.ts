import type { Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import { updateUserRow } from '../db/user-update.ts';
import { joinTokens, parseTokens, readSubscription, removeToken } from './push-tokens.ts';
import { eventDetail, eventTitle, languageOf } from './texts.ts';
import type { Vapid } from './vapid.ts';
import { sendPush, type Urgency } from './web-push.ts';

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
 * does not reach: they are kept and skipped.
 */
export class PushChannel {
  constructor(
    private readonly db: Kysely<Database>,
    readonly vapid: Vapid,
    private readonly allowHttp: boolean,
    private readonly log: { info: (msg: string) => void; warn: (msg: string) => void },
  ) {}

  async deliver(event: Event, userIds: number[]): Promise<void> {
    if (!userIds.length) return;
    const device = event.deviceId
      ? await this.db.selectFrom('tc_devices').select('name').where('id', '=', event.deviceId).executeTakeFirst()
      : undefined;
    const users = await this.db.selectFrom('tc_users').select(['id', 'attributes']).where('id', 'in', userIds).execute();
    const sends: Promise<void>[] = [];
    for (const user of users) {
      const attributes = attrs(user.attributes);
      const payload = Buffer.from(JSON.stringify(message(event, device?.name ?? null, languageOf(attributes['tarkan.lang']))));
      for (const token of parseTokens(attributes.notificationTokens)) {
        let subscription;
        try {
          subscription = readSubscription(token, this.allowHttp);
        } catch (error) {
          this.log.warn(`push: user ${user.id} has an unusable subscription: ${(error as Error).message}`);
          continue;
        }
        if (!subscription) {
          this.log.info(`push: user ${user.id} has a Firebase token; Firebase Cloud Messaging is not configured, skipped`);
          continue;
        }
        const endpoint = subscription.endpoint;
        sends.push(
          sendPush(this.vapid, subscription, payload, { ttl: TTL_SECONDS, urgency: urgencyOf(event) }).then(
            async (result) => {
              if (!result.gone) return;
              this.log.info(`push: subscription ${new URL(endpoint).origin} of user ${user.id} is gone (${result.status}), removed`);
              await editTokens(this.db, user.id, (tokens) => removeToken(tokens, token));
            },
            (error: unknown) => this.log.warn(`push to ${new URL(endpoint).origin} for user ${user.id} failed: ${String(error)}`),
          ),
        );
      }
    }
    await Promise.all(sends);
  }
}

function message(event: Event, deviceName: string | null, language: ReturnType<typeof languageOf>): PushMessage {
  const title = eventTitle(event.type, language);
  const detail = eventDetail(event.attributes);
  return {
    title: deviceName ? `${deviceName}: ${title}` : title,
    body: detail,
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
