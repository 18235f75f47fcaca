import type { Event } from '@rastro/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toIso } from '../../domain/time.ts';
import type { DeviceRegistry } from '../../live/device-registry.ts';
import type { DeviceContext } from '../device-context.ts';
import type { NewEvent } from '../../position/events.ts';
import type { StoredPosition } from '../../position/types.ts';
import { MotionDetector } from './motion.ts';
import { overspeed } from './overspeed.ts';
import { alarm, commandResult, driverChanged, fuel, geofences, ignition, maintenance } from './simple.ts';

export interface EventSink {
  /** Called with each stored event (for notifications). */
  notify: (event: Event) => void;
}

/**
 * Runs the event handlers on each stored position in Traccar's order and stores what they
 * raise. Only the command result is read from positions older than the latest; the others
 * compare a position with the one before it and keep their state on the device row.
 */
export class EventRaiser {
  private readonly motion = new MotionDetector();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly registry: DeviceRegistry,
    private readonly sink: EventSink,
  ) {}

  async raise(position: StoredPosition, last: StoredPosition | null, context: DeviceContext, latest: boolean): Promise<void> {
    const input = { position, last, context };
    const events: NewEvent[] = commandResult(input);
    if (latest) {
      const state = await this.registry.get(position.deviceId);
      if (state) {
        events.push(...overspeed(position, state, context), ...fuel(input), ...this.motion.handle(position, state, context));
        this.registry.stateChanged(position.deviceId);
      }
      events.push(...geofences(input), ...alarm(input), ...ignition(input), ...maintenance(input), ...driverChanged(input));
    }
    await this.save(events);
  }

  /** Stores events and hands each to the notifications. */
  save(events: NewEvent[]): Promise<void> {
    if (!events.length) return Promise.resolve();
    const saving = this.write(events).finally(() => this.pending.delete(saving));
    this.pending.add(saving);
    return saving;
  }

  /** Resolves when every event being saved is stored (before the database closes). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private async write(events: NewEvent[]): Promise<void> {
    const rows = await this.db
      .insertInto('tc_events')
      .values(events.map((e) => ({ ...e, attributes: JSON.stringify(e.attributes) })))
      .returning('id')
      .execute();
    events.forEach((e, i) => this.sink.notify({ ...e, id: rows[i].id, eventTime: toIso(e.eventTime) }));
  }
}
