// What a kind of object may do around the generic CRUD's writes; apart from entities.ts so that
// a kind's hooks (qr-driver-hooks.ts) and the CRUD that calls them do not import each other.
import type { Kysely } from 'kysely';
import type { EntityRow } from '../../db/repositories/entities.ts';
import type { Database } from '../../db/schema.ts';

/** Called inside the write's transaction, except `committed`, which follows the commit. */
export interface EntityHooks {
  /** The body to store (may drop secrets); may throw a ClientError to refuse the write. */
  beforeWrite: (trx: Kysely<Database>, body: Record<string, unknown>, id: number | null) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** `body` is the one received, before `beforeWrite`. */
  afterWrite: (trx: Kysely<Database>, row: EntityRow, body: Record<string, unknown>) => Promise<void>;
  afterDelete: (trx: Kysely<Database>, id: number) => Promise<void>;
  committed: (id: number) => Promise<void>;
  /** What GET returns of a stored row. */
  toWire: (wire: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>;
}
