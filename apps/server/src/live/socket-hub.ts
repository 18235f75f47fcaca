import type { SocketMessage } from '@rastro/api';
import type { Kysely } from 'kysely';
import { visibleDeviceIds } from '../db/access.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus, LiveMessage } from './bus.ts';

/** The part of a WebSocket the hub uses. */
export interface LiveSocket {
  send(text: string): void;
  readonly readyState: number;
}

const OPEN = 1;

/**
 * Delivers live frames to the browsers connected to this node, only to users who may see
 * the device. Visible-device sets are cached per user and dropped on any permission change.
 */
export class SocketHub {
  private readonly sockets = new Map<number, Set<LiveSocket>>();
  private readonly visible = new Map<number, Promise<Set<number>>>();

  constructor(
    private readonly db: Kysely<Database>,
    bus: LiveBus,
  ) {
    bus.subscribe((message) => void this.deliver(message));
  }

  add(userId: number, socket: LiveSocket): void {
    const set = this.sockets.get(userId) ?? new Set();
    set.add(socket);
    this.sockets.set(userId, set);
  }

  remove(userId: number, socket: LiveSocket): void {
    const set = this.sockets.get(userId);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(userId);
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /** Keepalive `{}` for every socket (Traccar sends one every 55 s). */
  keepalive(): void {
    for (const set of this.sockets.values()) for (const socket of set) this.send(socket, '{}');
  }

  visibleDevices(userId: number): Promise<Set<number>> {
    let entry = this.visible.get(userId);
    if (!entry) {
      entry = visibleDeviceIds(this.db, userId).then((ids) => new Set(ids));
      this.visible.set(userId, entry);
      entry.catch(() => this.visible.delete(userId));
    }
    return entry;
  }

  private async deliver(message: LiveMessage): Promise<void> {
    if (message.kind === 'invalidate') {
      this.visible.clear();
      return;
    }
    if (message.kind === 'commandQueued') return;
    if (message.kind === 'event') {
      const text = JSON.stringify({ events: [message.event] } satisfies SocketMessage);
      for (const userId of message.userIds) for (const socket of this.sockets.get(userId) ?? []) this.send(socket, text);
      return;
    }
    const deviceId = message.kind === 'device' ? message.device.id : message.position.deviceId;
    const frame: SocketMessage = message.kind === 'device' ? { devices: [message.device] } : { positions: [message.position] };
    const text = JSON.stringify(frame);
    for (const [userId, set] of this.sockets) {
      if (!(await this.visibleDevices(userId)).has(deviceId)) continue;
      for (const socket of set) this.send(socket, text);
    }
  }

  private send(socket: LiveSocket, text: string): void {
    if (socket.readyState === OPEN) socket.send(text);
  }
}
