import type { Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import { deviceViewerIds } from '../db/access.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus } from '../live/bus.ts';
import type { DeviceContexts } from '../pipeline/device-context.ts';
import type { EventSink } from '../pipeline/events/raiser.ts';
import type { NotificationRules } from './rules.ts';

/** Traccar's notificator.timeThreshold: older events are stored but not notified. */
const TIME_THRESHOLD_MS = 900_000;

/**
 * The `web` channel: an event reaches the live socket of each user who has a matching rule
 * with `web` and who sees the device (the browser shows it as a toast).
 */
export class WebNotificator implements EventSink {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rules: NotificationRules,
    private readonly contexts: DeviceContexts,
    private readonly bus: LiveBus,
    private readonly log: { warn(msg: string): void },
  ) {}

  notify(event: Event): void {
    void this.deliver(event).catch((error: unknown) => this.log.warn(`web notification failed: ${String(error)}`));
  }

  private async deliver(event: Event): Promise<void> {
    if (Date.now() - Date.parse(event.eventTime) > TIME_THRESHOLD_MS) return;
    const context = await this.contexts.get(event.deviceId);
    const candidates = await this.rules.recipients(event, context?.groupIds ?? [], 'web');
    if (!candidates.length) return;
    const viewers = new Set(await deviceViewerIds(this.db, event.deviceId));
    const userIds = candidates.filter((id) => viewers.has(id));
    if (userIds.length) this.bus.publish({ kind: 'event', event, userIds });
  }
}
