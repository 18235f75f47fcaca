import type { Event, Notificator } from '@rastro/api';
import type { Kysely } from 'kysely';
import { deviceViewerIds } from '../db/access.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus } from '../live/bus.ts';
import type { DeviceContexts } from '../pipeline/device-context.ts';
import type { EventSink } from '../pipeline/events/raiser.ts';
import type { SendResult } from '../sms/http-client.ts';
import { isMessage, type Channel, type DeliveryLog, type Unreachable } from './deliveries.ts';
import type { PushChannel } from './push.ts';
import type { NotificationRules } from './rules.ts';
import type { NotificationMessage, Outgoing, OutgoingTexts } from './outgoing.ts';

/** Traccar's notificator.timeThreshold: older events are stored but not notified. */
const TIME_THRESHOLD_MS = 900_000;

/** The order of `/api/notifications/notificators`: the spec's channels, WhatsApp beside SMS. */
const ORDER: readonly Notificator[] = ['web', 'firebase', 'telegram', 'sms', 'whatsapp', 'mail'];

const NAMES: Record<Exclude<Notificator, 'web'>, string> = {
  firebase: 'Push', telegram: 'Telegram', sms: 'SMS', whatsapp: 'WhatsApp', mail: 'Mail',
};

/** A channel's test message could not go: the reason, shown to whoever pressed the button. */
export class DeliveryFailed extends Error {}

/** The synthetic `test` event of Traccar's test notifications. */
export function testEvent(): Event {
  return { id: 0, type: 'test', eventTime: new Date().toISOString(), deviceId: 0, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {} };
}

/**
 * Hands each stored event to the channels: for every channel, the users with a matching rule
 * on it who also see the device. `web` reaches their live sockets (the browser shows a toast),
 * `mail` their inbox through the e-mail integration, `firebase` their browsers by Web Push, `sms`
 * and `whatsapp` their phones through the HTTP gateways of the server settings, `telegram` their
 * chats through the server's bot. Every message is recorded in the delivery log, failures retried
 * there (deliveries.ts); users a channel cannot reach (no phone, no chat) are recorded as failed.
 */
export class NotificationDispatcher implements EventSink {
  private readonly channels: Channel[];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly rules: NotificationRules,
    private readonly contexts: DeviceContexts,
    private readonly bus: LiveBus,
    private readonly log: { warn: (msg: string) => void },
    readonly deliveries: DeliveryLog,
    /** Each recipient's texts: device, time in his zone, address, in his language. */
    private readonly texts: OutgoingTexts,
    /** telegram, sms, whatsapp, mail. */
    channels: Channel[],
    /** `firebase`; null when Web Push is turned off (RASTRO_PUSH=0). */
    readonly push: PushChannel | null = null,
  ) {
    this.channels = push ? [push, ...channels] : channels;
  }

  notify(event: Event): void {
    void this.deliver(event).catch((error: unknown) => this.log.warn(`notification failed: ${String(error)}`));
  }

  /** The channels configured now, in Traccar's order. */
  async notificators(): Promise<Notificator[]> {
    const ready = await Promise.all(this.channels.map(async (channel) => ((await channel.available()) ? channel.name : null)));
    return ORDER.filter((name) => name === 'web' || ready.includes(name));
  }

  /**
   * Traccar's test notification: to one user through every channel that can reach him; channels
   * not configured, or without his address, are left out. Each message is tried once and recorded;
   * what failed is reported together.
   */
  async test(userId: number, event: Event = testEvent()): Promise<void> {
    await this.publishWeb(await this.texts.forEvent(event, [userId]), [userId]);
    const failures = await Promise.all(this.channels.map(async (channel) => {
      if (!(await channel.available())) return [];
      const messages = (await channel.address(await this.texts.forEvent(event, [userId]), [userId])).filter(isMessage);
      const results = await Promise.all(messages.map((message) => this.deliveries.send(channel.name, event, message, false)));
      return results.flatMap((result) => (result.ok ? [] : [`${NAMES[channel.name]}: ${result.reason}`]));
    }));
    const reasons = failures.flat();
    if (reasons.length) throw new DeliveryFailed(reasons.join('; '));
  }

  /**
   * Traccar's `POST /api/notifications/test/{notificator}`: one message to the user on that channel,
   * tried once and recorded; a failure (not configured, no address, the provider's refusal) throws
   * with its reason.
   */
  async testChannel(userId: number, notificator: Notificator, event: Event = testEvent()): Promise<void> {
    if (notificator === 'web') {
      await this.publishWeb(await this.texts.forEvent(event, [userId]), [userId]);
      return;
    }
    const channel = this.channels.find((c) => c.name === notificator);
    if (!channel || !(await channel.available())) throw new DeliveryFailed(`${NAMES[notificator]} not configured`);
    const [addressed] = await channel.address(await this.texts.forEvent(event, [userId]), [userId]);
    // nobody to address: the settings went away meanwhile
    if (!addressed) throw new DeliveryFailed(`${NAMES[notificator]} not configured`);
    if (!isMessage(addressed)) {
      await this.deliveries.recordUnreachable(channel.name, event, [addressed]);
      throw new DeliveryFailed(addressed.reason);
    }
    const result: SendResult = await this.deliveries.send(channel.name, event, addressed, false);
    if (!result.ok) throw new DeliveryFailed(result.reason);
  }

  private async deliver(event: Event): Promise<void> {
    if (Date.now() - Date.parse(event.eventTime) > TIME_THRESHOLD_MS) return;
    const context = await this.contexts.get(event.deviceId);
    let viewers: Set<number> | null = null;
    const recipients = async (channel: string) => {
      const candidates = await this.rules.recipients(event, context?.groupIds ?? [], channel);
      if (!candidates.length) return [];
      viewers ??= new Set(await deviceViewerIds(this.db, event.deviceId));
      return candidates.filter((id) => viewers!.has(id));
    };
    const web = await recipients('web');
    if (web.length) await this.publishWeb(await this.texts.forEvent(event, web), web);
    // channels side by side: a failing mail server does not hold back the pushes, nor a slow gateway the others
    await Promise.all(this.channels.map(async (channel) => {
      const userIds = await recipients(channel.name);
      if (userIds.length && (await channel.available())) await this.send(channel, event, userIds);
    }));
  }

  /**
   * `web`: the event to the users' live sockets with, as Traccar's NotificatorWeb, each reader's
   * text in its `message` attribute (users reading the same text share one frame).
   */
  private async publishWeb(outgoing: Outgoing, userIds: number[]): Promise<void> {
    const byText = new Map<string, number[]>();
    for (const id of userIds) {
      const text = outgoing.texts.get(id)?.short ?? '';
      byText.set(text, [...(byText.get(text) ?? []), id]);
    }
    for (const [message, readers] of byText) {
      const event = message ? { ...outgoing.event, attributes: { ...outgoing.event.attributes, message } } : outgoing.event;
      this.bus.publish({ kind: 'event', event, userIds: readers });
    }
    await this.deliveries.recordSent('web', outgoing.event, userIds);
  }

  /**
   * Traccar's `POST /api/notifications/send/{notificator}`: an administrator's message to users
   * through one channel, each message tried once and recorded; what failed is reported together.
   */
  async sendMessage(notificator: Notificator, message: NotificationMessage, userIds: number[]): Promise<void> {
    const outgoing = this.texts.forMessage(message, userIds);
    if (notificator === 'web') return this.publishWeb(outgoing, userIds);
    const channel = this.channels.find((c) => c.name === notificator);
    if (!channel || !(await channel.available())) throw new DeliveryFailed(`${NAMES[notificator]} not configured`);
    const addressed = await channel.address(outgoing, userIds);
    const unreachable = addressed.filter((a): a is Unreachable => !isMessage(a));
    if (unreachable.length) await this.deliveries.recordUnreachable(channel.name, outgoing.event, unreachable);
    const failures = unreachable.map((u) => `user ${u.userId}: ${u.reason}`);
    for (const one of addressed.filter(isMessage)) {
      const result = await this.deliveries.send(channel.name, outgoing.event, one, false);
      if (!result.ok) failures.push(`user ${one.userId}: ${result.reason}`);
    }
    if (failures.length) throw new DeliveryFailed(`${NAMES[notificator]}: ${failures.join('; ')}`);
  }

  /** One channel's messages, one by one (a gateway with a rate limit is not flooded); each failure retried on its own. */
  private async send(channel: Channel, event: Event, userIds: number[]): Promise<void> {
    const addressed = await channel.address(await this.texts.forEvent(event, userIds), userIds);
    const unreachable = addressed.filter((a): a is Unreachable => !isMessage(a));
    if (unreachable.length) await this.deliveries.recordUnreachable(channel.name, event, unreachable);
    for (const message of addressed.filter(isMessage)) await this.deliveries.send(channel.name, event, message);
  }
}
