import { Redis } from 'ioredis';
import type { Device, Event, Position } from '@rastro/api';
import type { Change } from '../db/changes.ts';

/**
 * What one server node tells every node (itself included): a device changed status, a
 * position was stored, an event was raised, objects or links were written (`changed`, from the
 * repositories after their commit: each cache updates what it holds of them), or someone's
 * access ended (close his sockets). `invalidate` drops every cache; no write sends it any more,
 * it is kept for what changes everything at once.
 */
export type LiveMessage =
  | { kind: 'device'; device: Device }
  | { kind: 'position'; position: Position }
  | { kind: 'event'; event: Event; userIds: number[] }
  | { kind: 'commandQueued'; deviceId: number }
  /** History was deleted and these devices' latest position moved (db/position-removal.ts): caches read it again. */
  | { kind: 'positionsRemoved'; deviceIds: number[] }
  | Change
  | { kind: 'invalidate' }
  | Revocation;

/**
 * Access ended for these users (logout, disable, suspension, password change, share deleted…),
 * already written to the database. Each node closes the users' sockets opened by the named
 * sessions or tokens (SHA-256 digests, never secrets), or all of them with `all`, and re-checks
 * the rest against the database; it also drops the users' visible-device sets.
 */
export interface Revocation {
  kind: 'revoke';
  userIds: number[];
  all?: boolean;
  sessionIds?: string[];
  tokenIds?: string[];
  /** The named sessions signed out (their sockets close with the logout code, not the revoked one). */
  logout?: boolean;
}

export interface LiveBus {
  publish: (message: LiveMessage) => void;
  subscribe: (handler: (message: LiveMessage) => void) => void;
  close: () => Promise<void>;
}

/** Single node: messages go straight to the subscribers. */
export class InProcessBus implements LiveBus {
  private handlers: ((message: LiveMessage) => void)[] = [];

  publish(message: LiveMessage): void {
    for (const handler of this.handlers) handler(message);
  }

  subscribe(handler: (message: LiveMessage) => void): void {
    this.handlers.push(handler);
  }

  close(): Promise<void> {
    this.handlers = [];
    return Promise.resolve();
  }
}

/**
 * Several nodes sharing one database: every message goes through Redis pub/sub and comes
 * back to each node, this one included, so all nodes deliver the same way. The channel is the
 * deployment's (db/deployment.ts): another deployment on the same Redis never hears it.
 */
export class RedisBus implements LiveBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private handlers: ((message: LiveMessage) => void)[] = [];

  private constructor(url: string, private readonly channel: string) {
    this.publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: true });
    this.subscriber.on('message', (_channel: string, text: string) => {
      let message: LiveMessage;
      try {
        message = JSON.parse(text) as LiveMessage;
      } catch {
        return;
      }
      for (const handler of this.handlers) handler(message);
    });
  }

  static async connect(url: string, deployment: string): Promise<RedisBus> {
    const bus = new RedisBus(url, `rastro:live:${deployment}`);
    await bus.publisher.connect();
    await bus.subscriber.connect();
    await bus.subscriber.subscribe(bus.channel);
    return bus;
  }

  publish(message: LiveMessage): void {
    void this.publisher.publish(this.channel, JSON.stringify(message)).catch(() => undefined);
  }

  subscribe(handler: (message: LiveMessage) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers = [];
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => undefined);
  }
}
