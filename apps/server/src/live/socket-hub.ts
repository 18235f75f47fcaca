import type { SocketMessage } from '@rastro/api';
import { deviceVisibility, type DeviceVisibility } from '../db/access.ts';
import type { Change } from '../db/changes.ts';
import type { Db } from '../db/connection.ts';
import { groupsOfDevices } from '../db/repositories/devices.ts';
import { groupNodes } from '../db/repositories/groups.ts';
import type { LiveBus, LiveMessage, Revocation } from './bus.ts';

/** The part of a WebSocket the hub uses. */
export interface LiveSocket {
  send: (text: string) => void;
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
  close: (code: number, reason: string) => void;
}

const OPEN = 1;
/** Close code for "your right to this socket ended" (the 4000s are the application's). */
export const REVOKED_CLOSE_CODE = 4001;
/**
 * Close code for "this session signed out": traccar-web closes its own socket with 4000 on
 * logout and, seeing that code, neither re-fetches (which would answer 401) nor reconnects.
 */
export const LOGOUT_CLOSE_CODE = 4000;

/**
 * Delivers live frames to the browsers connected to this node, only to users who may see
 * the device. What each user sees is cached, and kept up to date by the change messages: a
 * user's links drop his entry, a device that changed group is re-placed in every entry, a group
 * that moved drops the entries it moves in or out of. Sockets whose right ends (a `revoke`
 * message, or the periodic re-check) are closed.
 */
export class SocketHub {
  private readonly sockets = new Map<number, Set<Connection>>();
  private readonly visible = new Map<number, Promise<DeviceVisibility>>();
  /** Visibility updates that read the database: frames wait for them, so none goes out on a stale view. */
  private updating: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    bus: LiveBus,
    private readonly stale: StaleOwners,
    private readonly log: { warn: (message: string) => void } = { warn: () => undefined },
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

  /** Users whose visible devices are held (GET /api/server/cache). */
  get visibilityCount(): number {
    return this.visible.size;
  }

  /** Keepalive `{}` for every socket (Traccar sends one every 55 s). */
  keepalive(): void {
    for (const set of this.sockets.values()) for (const { socket } of set) this.send(socket, '{}');
  }

  async visibleDevices(userId: number): Promise<Set<number>> {
    return (await this.visibility(userId)).devices;
  }

  private visibility(userId: number): Promise<DeviceVisibility> {
    let entry = this.visible.get(userId);
    if (!entry) {
      const loading = deviceVisibility(this.db.kysely, userId);
      entry = loading;
      this.visible.set(userId, loading);
      loading.catch(() => {
        if (this.visible.get(userId) === loading) this.visible.delete(userId);
      });
    }
    return entry;
  }

  /** Updates the cached visibility for what changed; an entry that cannot be patched is dropped and read again when needed. */
  private async changed(change: Change): Promise<void> {
    if (this.visible.size === 0) return;
    if (change.entity === 'link') {
      if (change.owner !== 'userId' || (change.property !== 'deviceId' && change.property !== 'groupId')) return;
      if (change.ownerIds) {
        for (const userId of change.ownerIds) this.visible.delete(userId);
        return;
      }
      // any user's links to these (a deleted device or group): the entries that held one
      const property = change.property;
      const ids = change.propertyIds;
      for (const [userId, entry] of [...this.visible]) {
        const seen = await entry.catch(() => null);
        const held = seen && (property === 'deviceId' ? seen.direct : seen.roots);
        if ((!held || !ids || ids.some((id) => held.has(id))) && this.visible.get(userId) === entry) this.visible.delete(userId);
      }
      return;
    }
    if (change.entity === 'device') {
      // a device may have changed group (or be gone): where it belongs now, for every entry
      const groupOf = await groupsOfDevices(this.db, change.ids);
      for (const entry of [...this.visible.values()]) {
        const seen = await entry.catch(() => null);
        if (!seen) continue;
        for (const id of change.ids) {
          if (!groupOf.has(id)) seen.direct.delete(id);
          const group = groupOf.get(id) ?? null;
          if (seen.direct.has(id) || (group !== null && seen.groups.has(group))) seen.devices.add(id);
          else seen.devices.delete(id);
        }
      }
    } else if (change.entity === 'group') {
      // a group that moved (or went) changes the subtree an entry sees only if it crosses its edge
      const parents = new Map((await groupNodes(this.db, change.ids)).map((g) => [g.id, g.groupId]));
      for (const [userId, entry] of [...this.visible]) {
        const seen = await entry.catch(() => null);
        if (!seen) continue;
        const moved = change.ids.some((id) => {
          const parent = parents.get(id);
          const inside = parents.has(id) && (seen.roots.has(id) || (parent != null && seen.groups.has(parent)));
          return inside !== seen.groups.has(id);
        });
        if (moved && this.visible.get(userId) === entry) this.visible.delete(userId);
      }
    }
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
        if (message.all || named) this.end(connection, message.logout ? 'Signed out' : 'Access revoked', message.logout ? LOGOUT_CLOSE_CODE : REVOKED_CLOSE_CODE);
      }
    }
    // the rest are checked against the database (e.g. Basic credentials after a password change)
    return message.all ? Promise.resolve(0) : this.revalidate(message.userIds);
  }

  /** Forgets the socket before closing it, so not one more frame goes out on it. */
  private end(connection: Connection, reason: string, code = REVOKED_CLOSE_CODE): void {
    this.remove(connection.owner.userId, connection.socket);
    connection.close(code, reason);
  }

  private async deliver(message: LiveMessage): Promise<void> {
    if (message.kind === 'invalidate') {
      this.visible.clear();
      return;
    }
    if (message.kind === 'changed') {
      const update = (this.updating ?? Promise.resolve()).then(() => this.changed(message));
      const settled = update.catch(() => {
        // what could not be patched is read again on next use
        this.visible.clear();
      }).finally(() => {
        if (this.updating === settled) this.updating = null;
      });
      this.updating = settled;
      await update;
      return;
    }
    if (message.kind === 'revoke') {
      await this.revoke(message);
      return;
    }
    if (message.kind === 'commandQueued' || message.kind === 'positionsRemoved') return;
    if (message.kind === 'event') {
      const text = JSON.stringify({ events: [message.event] } satisfies SocketMessage);
      for (const userId of message.userIds) for (const { socket } of this.sockets.get(userId) ?? []) this.send(socket, text);
      return;
    }
    if (this.updating) await this.updating;
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
