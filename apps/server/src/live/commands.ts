import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { attrs } from '../db/mappers.ts';
import type { DeviceChannel, DeviceCommand } from '../protocols/types.ts';
import type { LiveBus } from './bus.ts';

export type SendOutcome = { sent: true } | { sent: false; queuedId: number };

export interface QueuedCommand {
  id: number;
  deviceId: number;
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
}

/**
 * Routes commands to devices: straight through the device's live connection when this node
 * holds one, otherwise into the durable queue (`tc_commands_queue`), flushed when the device
 * next speaks. `{uniqueId}` in a command's data is replaced as in Traccar.
 */
export class CommandRouter {
  private readonly channels = new Map<number, DeviceChannel>();
  /** Devices with queued commands, so that a message of any other device costs no query. */
  private readonly pending = new Set<number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: LiveBus,
  ) {
    bus.subscribe((message) => {
      if (message.kind === 'commandQueued') this.pending.add(message.deviceId);
    });
  }

  async start(): Promise<void> {
    const rows = await this.db.selectFrom('tc_commands_queue').select('deviceId').distinct().execute();
    for (const row of rows) this.pending.add(row.deviceId);
  }

  protocolOf(deviceId: number): string | null {
    return this.channels.get(deviceId)?.protocol ?? null;
  }

  async attach(deviceId: number, uniqueId: string, channel: DeviceChannel): Promise<void> {
    this.channels.set(deviceId, channel);
    await this.flush(deviceId, uniqueId);
  }

  detach(deviceId: number, channel: DeviceChannel): boolean {
    if (this.channels.get(deviceId) !== channel) return false;
    this.channels.delete(deviceId);
    return true;
  }

  /** Sends now if the device is connected here; queues otherwise (unless `noQueue`). */
  async send(deviceId: number, uniqueId: string, command: DeviceCommand): Promise<SendOutcome | null> {
    const channel = this.channels.get(deviceId);
    const prepared = substitute(command, uniqueId);
    if (channel) {
      channel.send(prepared);
      return { sent: true };
    }
    if (command.attributes.noQueue) return null;
    const row = await this.db
      .insertInto('tc_commands_queue')
      .values({ deviceId, type: command.type, textChannel: 0, attributes: JSON.stringify(command.attributes), createdTime: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.pending.add(deviceId);
    this.bus.publish({ kind: 'commandQueued', deviceId });
    return { sent: false, queuedId: row.id };
  }

  /** Delivers the queued commands of a connected device, oldest first. */
  async flush(deviceId: number, uniqueId: string): Promise<number> {
    const channel = this.channels.get(deviceId);
    if (!channel || !this.pending.has(deviceId)) return 0;
    const queued = await this.queued(deviceId);
    if (queued.length === 0) this.pending.delete(deviceId);
    let delivered = 0;
    for (const command of queued) {
      try {
        channel.send(substitute(command, uniqueId));
      } catch {
        // A type this protocol cannot encode stays queued for the administrator to see and delete.
        continue;
      }
      await this.db.deleteFrom('tc_commands_queue').where('id', '=', command.id).execute();
      delivered++;
    }
    return delivered;
  }

  /** HTTP protocols: takes the oldest queued command's text. */
  async takeText(deviceId: number, uniqueId: string): Promise<string | null> {
    if (!this.pending.has(deviceId)) return null;
    const [next] = await this.queued(deviceId, 1);
    if (!next) {
      this.pending.delete(deviceId);
      return null;
    }
    await this.db.deleteFrom('tc_commands_queue').where('id', '=', next.id).execute();
    const data = substitute(next, uniqueId).attributes.data;
    return typeof data === 'string' ? data : next.type;
  }

  async queued(deviceId: number, limit = 100): Promise<QueuedCommand[]> {
    const rows = await this.db.selectFrom('tc_commands_queue').selectAll().where('deviceId', '=', deviceId).orderBy('id').limit(limit).execute();
    return rows.map((r) => ({ id: r.id, deviceId: r.deviceId, type: r.type, textChannel: Boolean(r.textChannel), attributes: attrs(r.attributes) }));
  }
}

/** Traccar's `{uniqueId}` placeholder in a command's data, whichever way the command goes (the text channel too). */
export function substitute<T extends DeviceCommand>(command: T, uniqueId: string): T {
  const data = command.attributes.data;
  if (typeof data !== 'string' || !data.includes('{uniqueId}')) return command;
  return { ...command, attributes: { ...command.attributes, data: data.replaceAll('{uniqueId}', uniqueId) } };
}
