import type { Kysely, Transaction } from 'kysely';
import { writeTransaction, type LinkOwner, type LinkProperty, type Repo } from '../changes.ts';
import { LINKS, type Database, type LinkTableName } from '../schema.ts';

/** The links aggregate (Traccar's permissions): who or what is tied to what, one table per pair of kinds. */
export interface Link {
  table: LinkTableName;
  owner: LinkOwner;
  property: LinkProperty;
  ownerId: number;
  propertyId: number;
}

/** Link tables are read and written by their key names, which Kysely's typing cannot follow. */
type AnyLinks = Kysely<Record<string, Record<string, number>>>;
const untyped = (db: Kysely<Database>) => db as unknown as AnyLinks;

/** The link table of an owner key and a property key, if there is one. */
export function linkTable(owner: string, property: string): { table: LinkTableName; owner: LinkOwner; property: LinkProperty } | null {
  const table = (LINKS as Record<string, Record<string, LinkTableName> | undefined>)[owner]?.[property];
  return table ? { table, owner: owner as LinkOwner, property: property as LinkProperty } : null;
}

/** Whether the user holds a direct link to the object (`key` names the object's kind, e.g. calendarId). */
export async function userHasLink(db: Kysely<Database>, key: keyof typeof LINKS.userId, userId: number, id: number): Promise<boolean> {
  const row = await untyped(db).selectFrom(LINKS.userId[key]).select(key).where('userId', '=', userId).where(key, '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Links of one table, narrowed to an owner and/or a property (0 = any). */
export function listLinks(db: Kysely<Database>, link: Link) {
  let q = untyped(db).selectFrom(link.table).select([link.owner, link.property]);
  if (link.ownerId > 0) q = q.where(link.owner, '=', link.ownerId);
  if (link.propertyId > 0) q = q.where(link.property, '=', link.propertyId);
  return q.execute();
}

/** Adds links (an existing one is kept); `check` runs first inside the transaction. */
export function addLinks(repo: Repo, links: Link[], check: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  return writeTransaction(repo, async (trx, changes) => {
    await check(trx);
    for (const l of links) {
      await untyped(trx).insertInto(l.table).values({ [l.owner]: l.ownerId, [l.property]: l.propertyId })
        .onConflict((oc) => oc.doNothing()).execute();
      changes.link(l.owner, l.property, [l.ownerId], [l.propertyId]);
    }
  });
}

export function removeLinks(repo: Repo, links: Link[]): Promise<void> {
  return writeTransaction(repo, async (trx, changes) => {
    for (const l of links) {
      await untyped(trx).deleteFrom(l.table).where(l.owner, '=', l.ownerId).where(l.property, '=', l.propertyId).execute();
      changes.link(l.owner, l.property, [l.ownerId], [l.propertyId]);
    }
  });
}
