import type { Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import { deviceViewerIds } from '../db/access.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus } from '../live/bus.ts';
import type { DeviceContexts } from '../pipeline/device-context.ts';
import type { EventSink } from '../pipeline/events/raiser.ts';
import type { SmsGateway } from '../sms/gateway.ts';
import { MailChannel } from './mail.ts';
import type { PushChannel } from './push.ts';
import type { NotificationRules } from './rules.ts';
import { SmsChannel } from './sms.ts';

/** Traccar's notificator.timeThreshold: older events are stored but not notified. */
const TIME_THRESHOLD_MS = 900_000;

/**
 * Hands each stored event to the channels: for every channel, the users with a matching rule
 * on it who also see the device. `web` reaches their live sockets (the browser shows a toast),
 * `mail` their inbox through the e-mail integration, `firebase` their browsers by Web Push, `sms`
 * their phones through the server's SMS gateway.
 */
export class NotificationDispatcher implements EventSink {
  private readonly mail: MailChannel;
  private readonly sms: SmsChannel;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly rules: NotificationRules,
    private readonly contexts: DeviceContexts,
    private readonly bus: LiveBus,
    private readonly log: { warn: (msg: string) => void },
    sms: SmsGateway,
    /** Null when Web Push is turned off (RASTRO_PUSH=0). */
    readonly push: PushChannel | null = null,
  ) {
    this.mail = new MailChannel(db);
    this.sms = new SmsChannel(db, sms);
  }

  notify(event: Event): void {
    void this.deliver(event).catch((error: unknown) => this.log.warn(`notification failed: ${String(error)}`));
  }

  /** A test notification to one user through every channel that can reach him. */
  async test(userId: number, event: Event): Promise<void> {
    this.bus.publish({ kind: 'event', event, userIds: [userId] });
    await Promise.all([this.mail.deliver(event, [userId]), this.push?.deliver(event, [userId]), this.sms.deliver(event, [userId])]);
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
    if (web.length) this.bus.publish({ kind: 'event', event, userIds: web });
    const mail = await recipients('mail');
    const push = this.push ? await recipients('firebase') : [];
    const sms = await recipients('sms');
    // a failing mail server does not hold back the pushes, nor a failing SMS gateway the others
    await Promise.all([mail.length && this.mail.deliver(event, mail), push.length && this.push?.deliver(event, push), sms.length && this.sms.deliver(event, sms)]);
  }
}
