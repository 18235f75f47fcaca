import type { SocketMessage } from '@rastro/api';
import type { Kysely } from 'kysely';
import { visibleDeviceIds } from '../db/access.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus, LiveMessage, Revocation } from './bus.ts';

/** The part of a WebSocket the hub uses. */
export interface LiveSocket {
  send(text: string): void;
  readonly readyState: number;
}

/**
 * Who opened a socket and with what (digests only): a revocation closes exactly the sockets of
 * the sessions or tokens it names, and a re-check finds the ones whose right has gone.
 */
export interface SocketOwner {
  userId: number;
  sessionId?: string;
  tokenId?: string;
  /** Opened with Basic credentials: good while this is still the account's password hash. */
  hashedPassword?: string;
}

/** Of the owners given, those whose user, session, token or password is no longer valid. */
export type StaleOwners = (owners: SocketOwner[], now: number) => Promise<Set<SocketOwner>>;

interface Connection {
  socket: LiveSocket;
  owner: SocketOwner;
  close(code: number, reason: string): void;
}

const OPEN = 1;
/** Close code for "your right to this socket ended" (the 4000s are the application's). */
export const REVOKED_CLOSE_CODE = 4001;

/**
 * Delivers live frames to the browsers connected to this node, only to users who may see
 * the device. Visible-device sets are cached per user and dropped on any permission change.
 * Sockets whose right ends (a `revoke` message, or the periodic re-check) are closed.
 */
export class SocketHub {
  private readonly sockets = new Map<number, Set<Connection>>();
  private readonly visible = new Map<number, Promise<Set<number>>>();

  constructor(
    private readonly db: Kysely<Database>,
    bus: LiveBus,
    private readonly stale: StaleOwners,
    private readonly log: { warn(message: string): void } = { warn: () => undefined },
  ) {
    // a failed check leaves the sockets to the next periodic re-check, which retries it
    bus.subscribe((message) => void this.deliver(message).catch((error: unknown) => this.log.warn(`live delivery failed: ${String(error)}`)));
  }

  /** Registers a socket; `close` ends it (the hub stops sending to it at once). */
  add(owner: SocketOwner, socket: LiveSocket, close: (code: number, reason: string) => void): void {
    const set = this.sockets.get(owner.userId) ?? new Set();
    set.add({ socket, owner, close });
    this.sockets.set(owner.userId, set);
  }

  remove(userId: number, socket: LiveSocket): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    for (const connection of set) if (connection.socket === socket) set.delete(connection);
    if (set.size === 0) this.sockets.delete(userId);
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /** Keepalive `{}` for every socket (Traccar sends one every 55 s). */
  keepalive(): void {
    for (const set of this.sockets.values()) for (const { socket } of set) this.send(socket, '{}');
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

  /**
   * Closes the sockets (of the given users, or all) whose user, session or token is no longer
   * valid. Run periodically as a safety net: a revocation message lost, a user disabled in the
   * database by hand, an account or token that simply expired, a trust unlock that ran out.
   */
  async revalidate(userIds?: readonly number[], now = Date.now()): Promise<number> {
    const connections = (userIds ?? [...this.sockets.keys()]).flatMap((id) => [...(this.sockets.get(id) ?? [])]);
    if (!connections.length) return 0;
    const stale = await this.stale(connections.map((c) => c.owner), now);
    for (const connection of connections) if (stale.has(connection.owner)) this.end(connection, 'Access revoked');
    return stale.size;
  }

  private revoke(message: Revocation): Promise<number> {
    const sessions = new Set(message.sessionIds ?? []);
    const tokens = new Set(message.tokenIds ?? []);
    for (const userId of message.userIds) {
      this.visible.delete(userId);
      for (const connection of [...(this.sockets.get(userId) ?? [])]) {
        const { sessionId, tokenId } = connection.owner;
        const named = (sessionId !== undefined && sessions.has(sessionId)) || (tokenId !== undefined && tokens.has(tokenId));
        if (message.all || named) this.end(connection, 'Access revoked');
      }
    }
    // the rest are checked against the database (e.g. Basic credentials after a password change)
    return message.all ? Promise.resolve(0) : this.revalidate(message.userIds);
  }

  /** Forgets the socket before closing it, so not one more frame goes out on it. */
  private end(connection: Connection, reason: string): void {
    this.remove(connection.owner.userId, connection.socket);
    connection.close(REVOKED_CLOSE_CODE, reason);
  }

  private async deliver(message: LiveMessage): Promise<void> {
    if (message.kind === 'invalidate') {
      this.visible.clear();
      return;
    }
    if (message.kind === 'revoke') {
      await this.revoke(message);
      return;
    }
    if (message.kind === 'commandQueued') return;
    if (message.kind === 'event') {
      const text = JSON.stringify({ events: [message.event] } satisfies SocketMessage);
      for (const userId of message.userIds) for (const { socket } of this.sockets.get(userId) ?? []) this.send(socket, text);
      return;
    }
    const deviceId = message.kind === 'device' ? message.device.id : message.position.deviceId;
    const frame: SocketMessage = message.kind === 'device' ? { devices: [message.device] } : { positions: [message.position] };
    const text = JSON.stringify(frame);
    for (const [userId, set] of this.sockets) {
      if (!(await this.visibleDevices(userId)).has(deviceId)) continue;
      for (const { socket } of set) this.send(socket, text);
    }
  }

  private send(socket: LiveSocket, text: string): void {
    if (socket.readyState === OPEN) socket.send(text);
  }
}
