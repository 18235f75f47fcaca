import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DELETED_UNIQUE_ID_PATTERN } from '../../domain/deleted-device.ts';
import type { DeviceRegistry } from '../../live/device-registry.ts';
import { numberSetting, type DeviceContexts } from '../device-context.ts';
import { deviceEvent, type NewEvent } from '../../position/events.ts';

/**
 * Whether a deviceInactive event falls in (windowStart, windowEnd]: when `start` ms of silence
 * after the last update is crossed, then again every `period` ms (0 = once), as Traccar's
 * TaskDeviceInactivityCheck.
 */
export function inactivityDue(lastUpdate: number, start: number, period: number, windowStart: number, windowEnd: number): boolean {
  if (start <= 0) return false;
  const first = lastUpdate + start;
  if (first > windowEnd) return false;
  if (first > windowStart) return true;
  if (period <= 0) return false;
  // the latest repetition at or before windowEnd
  const latest = first + Math.floor((windowEnd - first) / period) * period;
  return latest > windowStart;
}

/** Checks every device for inactivity at a fixed interval (Traccar: 15 minutes). */
export class InactivityCheck {
  private timer: NodeJS.Timeout | null = null;
  private lastRun = Date.now();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly registry: DeviceRegistry,
    private readonly contexts: DeviceContexts,
    private readonly save: (events: NewEvent[]) => Promise<void>,
    private readonly intervalMs = 15 * 60_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.run(Date.now()).catch(() => undefined), this.intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async run(now: number): Promise<void> {
    const windowStart = this.lastRun;
    this.lastRun = now;
    // a soft-deleted device is silent by design
    const devices = await this.db.selectFrom('tc_devices').select(['id', 'lastUpdate']).where('uniqueId', 'not like', DELETED_UNIQUE_ID_PATTERN).execute();
    const events: NewEvent[] = [];
    for (const device of devices) {
      const lastUpdate = (await this.registry.get(device.id))?.lastUpdate ?? device.lastUpdate;
      if (lastUpdate === null) continue;
      const context = await this.contexts.get(device.id);
      if (!context) continue;
      const start = numberSetting(context, 'deviceInactivityStart', 0);
      const period = numberSetting(context, 'deviceInactivityPeriod', 0);
      if (!inactivityDue(lastUpdate, start, period, windowStart, now)) continue;
      events.push(deviceEvent('deviceInactive', device.id, now, { lastUpdate }));
    }
    await this.save(events);
  }
}
