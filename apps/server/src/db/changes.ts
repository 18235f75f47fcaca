import type { Transaction } from 'kysely';
import { notFound } from '../domain/errors.ts';
import type { Db } from './connection.ts';
import { LINKS, type Database } from './schema.ts';

/** Objects the repositories write and the caches hold; `server` is the settings row. */
export type ChangedEntity =
  | 'device' | 'group' | 'user' | 'server'
  | 'geofence' | 'driver' | 'calendar' | 'maintenance' | 'notification' | 'command' | 'attribute' | 'order' | 'report';

/** The two ends of a link table, by the `<x>Id` keys of `/api/permissions` (schema.ts LINKS). */
export type LinkOwner = keyof typeof LINKS;
export type LinkProperty = { [O in LinkOwner]: keyof (typeof LINKS)[O] }[LinkOwner];

/**
 * What a repository tells every node after a commit: these objects changed (created, edited or
 * deleted), or links between them did. Each cache updates only what it holds of them. For links,
 * `ownerIds`/`propertyIds` are the ends whose links changed; null when that end is "any" (a
 * deleted object's links, whatever they pointed at).
 */
export type Change =
  | { kind: 'changed'; entity: ChangedEntity; ids: number[] }
  | { kind: 'changed'; entity: 'link'; owner: LinkOwner; property: LinkProperty; ownerIds: number[] | null; propertyIds: number[] | null };

export type LinkChange = Extract<Change, { entity: 'link' }>;

/** The part of the live bus a repository uses (db/ sits below live/). */
export interface ChangePublisher {
  publish: (message: Change) => void;
}

/** What a repository writes with: the database, and the bus its changes go out on. */
export interface Repo {
  db: Db;
  bus: ChangePublisher;
}

/** Ids of one link end, null ("any") absorbing the rest. */
function union(a: number[] | null, b: number[] | null): number[] | null {
  return a === null || b === null ? null : [...new Set([...a, ...b])];
}

/**
 * Changes gathered while writing (inside a transaction, nothing is told before the commit), then
 * published as one message per entity kind or link table.
 */
export class ChangeSet {
  private readonly entities = new Map<ChangedEntity, Set<number>>();
  private readonly links = new Map<string, LinkChange>();

  entity(entity: ChangedEntity, ...ids: number[]): this {
    const set = this.entities.get(entity) ?? new Set();
    for (const id of ids) set.add(id);
    this.entities.set(entity, set);
    return this;
  }

  link(owner: LinkOwner, property: LinkProperty, ownerIds: number[] | null, propertyIds: number[] | null): this {
    const key = `${owner}:${property}`;
    const known = this.links.get(key);
    this.links.set(key, known
      ? { ...known, ownerIds: union(known.ownerIds, ownerIds), propertyIds: union(known.propertyIds, propertyIds) }
      : { kind: 'changed', entity: 'link', owner, property, ownerIds, propertyIds });
    return this;
  }

  publish(bus: ChangePublisher): void {
    for (const [entity, ids] of this.entities) if (ids.size) bus.publish({ kind: 'changed', entity, ids: [...ids] });
    for (const change of this.links.values()) bus.publish(change);
    this.entities.clear();
    this.links.clear();
  }
}

/** Runs `work` in a transaction and publishes what it recorded once the transaction has committed. */
export async function writeTransaction<T>(repo: Repo, work: (trx: Transaction<Database>, changes: ChangeSet) => Promise<T>): Promise<T> {
  const changes = new ChangeSet();
  const result = await repo.db.kysely.transaction().execute((trx) => work(trx, changes));
  changes.publish(repo.bus);
  return result;
}

/** Publishes changes made outside a transaction (one statement, already committed). */
export function publishChanges(repo: Repo, record: (changes: ChangeSet) => void): void {
  const changes = new ChangeSet();
  record(changes);
  changes.publish(repo.bus);
}

/** Announces the object a committed write answers (nothing when it found none to write), and passes it on. */
export function announced<T>(repo: Repo, entity: ChangedEntity, id: number, written: T | undefined): T | undefined {
  if (written) publishChanges(repo, (changes) => changes.entity(entity, id));
  return written;
}

/** The link tables of an owner kind, by their other end. */
export function linkProperties<O extends LinkOwner>(owner: O): (keyof (typeof LINKS)[O])[] {
  return Object.keys(LINKS[owner]) as (keyof (typeof LINKS)[O])[];
}

/** Deletes one row by id, inside a write; none there is the kind's 404 (and nothing is announced). */
export async function deleteById(trx: Transaction<Database>, table: string, id: number, kind: string): Promise<void> {
  const deleted = await (trx as unknown as Transaction<Record<string, { id: number }>>).deleteFrom(table).where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(kind);
}
