import type { ResellerSummary } from '@rastro/api';
import type { Kysely } from 'kysely';
import { managedUserIds } from '../db/access.ts';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import { findUserById, type UserRow } from '../db/users.ts';
import { ClientError } from '../domain/errors.ts';

type Db = Kysely<Database>;
type Attributes = Record<string, unknown>;

export const isReseller = (user: Pick<UserRow, 'attributes'>): boolean => attrs(user.attributes).reseller === true;

/** Billing actions (spec §6) are for administrators and resellers. */
export function mayManageBilling(user: UserRow): boolean {
  return Boolean(user.administrator) || isReseller(user);
}

// Who may write the billing (`billing*`) and reseller attributes of a user is the field policy's
// (USER_POLICY in domain/field-policy.ts): administrators; a reseller on the users he manages for
// billing, a sub-reseller for reseller attributes; nobody on himself.

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Checks the reseller attributes being stored: a well-formed domain, unique across users
 * (case-insensitive; stored lower-case), and a whole resale limit. Returns them normalised.
 */
export async function checkResellerAttributes(db: Db, targetId: number | null, attributes: Attributes): Promise<Attributes> {
  const result = { ...attributes };
  const limit = result.resaleLimit;
  if (limit !== undefined && limit !== null && limit !== '') {
    const n = Number(limit);
    if (!Number.isInteger(n) || n < -1) throw new ClientError('resaleLimit must be a whole number (0 or -1 = no limit)');
    result.resaleLimit = n;
  }
  const raw = result.resellerDomain;
  if (raw === undefined || raw === null || raw === '') return result;
  if (typeof raw !== 'string') throw new ClientError('Invalid reseller domain');
  const domain = raw.trim().toLowerCase();
  if (!DOMAIN.test(domain)) throw new ClientError('Invalid reseller domain');
  result.resellerDomain = domain;
  const candidates = await db.selectFrom('tc_users').select(['id', 'attributes']).where('attributes', 'like', '%resellerDomain%').execute();
  for (const other of candidates) {
    if (other.id === targetId) continue;
    const taken = attrs(other.attributes).resellerDomain;
    if (typeof taken === 'string' && taken.trim().toLowerCase() === domain) throw new ClientError('Reseller domain already in use');
  }
  return result;
}

/** A reseller's resale limit; null when he is none, or has none (0, -1 or unset). */
function resaleLimitOf(user: UserRow): number | null {
  if (user.administrator || !isReseller(user)) return null;
  const limit = Number(attrs(user.attributes).resaleLimit);
  return Number.isInteger(limit) && limit > 0 ? limit : null;
}

/** A reseller with a resale limit above 0 has at most that many users under him. */
export async function checkResaleLimit(db: Db, caller: UserRow): Promise<void> {
  const limit = resaleLimitOf(caller);
  if (limit !== null && (await managedUserIds(db, caller.id)).length >= limit) throw new ClientError('Resale limit reached');
}

/**
 * The same limit when existing users are put under a reseller through POST /api/permissions
 * (`{userId, managedUserId}`), whoever links them: `adding` are the users to link, of whom those
 * he already has do not count.
 */
export async function checkResaleLinks(db: Db, resellerId: number, adding: readonly number[]): Promise<void> {
  const reseller = await findUserById(db, resellerId);
  const limit = reseller ? resaleLimitOf(reseller) : null;
  if (limit === null) return;
  const managed = new Set(await managedUserIds(db, resellerId));
  const fresh = new Set(adding.filter((id) => !managed.has(id)));
  if (fresh.size > 0 && managed.size + fresh.size > limit) throw new ClientError('Resale limit reached');
}

/** Customers (users he manages) and their devices (linked to him or to them) of each reseller. */
export async function resellerSummaries(db: Db, resellers: UserRow[]): Promise<ResellerSummary[]> {
  const result: ResellerSummary[] = [];
  for (const reseller of resellers) {
    const customers = await managedUserIds(db, reseller.id);
    const devices = await db
      .selectFrom('tc_user_device')
      .select((eb) => eb.fn.count<number>('deviceId').distinct().as('n'))
      .where('userId', 'in', [reseller.id, ...customers])
      .executeTakeFirstOrThrow();
    const attributes = attrs(reseller.attributes);
    const limit = Number(attributes.resaleLimit);
    result.push({
      id: reseller.id,
      name: reseller.name,
      email: reseller.email,
      domain: typeof attributes.resellerDomain === 'string' && attributes.resellerDomain ? attributes.resellerDomain : null,
      resaleLimit: Number.isInteger(limit) && limit > 0 ? limit : null,
      subReseller: attributes.subReseller === true,
      customers: customers.length,
      devices: devices.n,
    });
  }
  return result;
}
