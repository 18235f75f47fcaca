import type { CustomerBillingState } from '@rastro/api';
import type { Kysely } from 'kysely';
import { attrs } from '../db/mappers.ts';
import type { Database } from '../db/schema.ts';
import type { UserRow } from '../db/users.ts';
import { ClientError } from '../domain/errors.ts';
import { DAY_MS } from './dates.ts';
import { billingSettings } from './settings.ts';

type Db = Kysely<Database>;
type AccountRow = Pick<UserRow, 'administrator' | 'attributes' | 'billingSuspended' | 'billingTrustUntil' | 'billingTrustUsed'>;

/** Server messages of spec §8 (the web shows them by their code, e.g. ACCOUNT_SUSPENDED). */
export const SUSPENDED = 'Account suspended';
export const SUSPENDED_TRUST_AVAILABLE = 'Account suspended, trust unlock available';
export const TRUST_ALREADY_USED = 'Trust unlock already used';

/**
 * Spec §4 account states. Administrators are never suspended, so nobody can lock the server's
 * owners out. A trust unlock lets a suspended user in until it ends.
 */
export function accountState(user: AccountRow, now: number): CustomerBillingState | 'active' {
  if (user.administrator || user.billingSuspended === null) return 'active';
  return user.billingTrustUntil !== null && user.billingTrustUntil > now ? 'trustUnlocked' : 'suspended';
}

/** Why a login or a session is refused for non-payment, or null when the account may be used. */
export function suspensionReason(user: AccountRow, now = Date.now()): string | null {
  if (accountState(user, now) !== 'suspended') return null;
  const trustAvailable = billingSettings(attrs(user.attributes)).trustUnlock && !user.billingTrustUsed;
  return trustAvailable ? SUSPENDED_TRUST_AVAILABLE : SUSPENDED;
}

/**
 * Whether the customer owes an open invoice beyond the tolerance (billingSuspensionDays after
 * its due date) while suspension for non-payment is on.
 */
async function owesBeyondTolerance(db: Db, userId: number, attributes: string, todayDay: number): Promise<boolean> {
  const settings = billingSettings(attrs(attributes));
  if (!settings.suspension) return false;
  const row = await db
    .selectFrom('tc_invoices')
    .select('id')
    .where('userId', '=', userId)
    .where('status', 'in', ['PENDING', 'OVERDUE'])
    .where('cancelledTime', 'is', null)
    .where('dueDate', '<', todayDay - settings.suspensionDays * DAY_MS)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Suspends a customer who owes beyond the tolerance, and lifts a suspension for non-payment once
 * nothing is owed any more (paid, cancelled, or suspension turned off). Manual suspensions are
 * left alone. Conditional updates make it safe to run on several nodes at once.
 * Returns what changed.
 */
export async function reviewAccount(db: Db, userId: number, todayDay: number, now: number): Promise<'suspended' | 'lifted' | null> {
  const user = await db.selectFrom('tc_users').select(['id', 'administrator', 'attributes', 'billingSuspended']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.administrator) return null;
  const owes = await owesBeyondTolerance(db, user.id, user.attributes, todayDay);
  if (owes && user.billingSuspended === null) {
    const result = await db
      .updateTable('tc_users')
      .set({ billingSuspended: 'overdue', billingSuspendedTime: now, billingTrustUntil: null, billingTrustUsed: 0 })
      .where('id', '=', userId)
      .where('billingSuspended', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? 'suspended' : null;
  }
  if (!owes && user.billingSuspended === 'overdue') {
    return (await lift(db, userId, 'overdue')) ? 'lifted' : null;
  }
  return null;
}

/** Ends a suspension (of the given kind, or any), and with it the trust unlock of that episode. */
export async function lift(db: Db, userId: number, kind?: 'overdue'): Promise<boolean> {
  let query = db
    .updateTable('tc_users')
    .set({ billingSuspended: null, billingSuspendedTime: null, billingTrustUntil: null, billingTrustUsed: 0 })
    .where('id', '=', userId)
    .where('billingSuspended', 'is not', null);
  if (kind) query = query.where('billingSuspended', '=', kind);
  return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
}

/** An administrator or reseller suspends by hand; such a suspension is lifted only by hand. */
export async function suspendByHand(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('tc_users')
    .set({ billingSuspended: 'manual', billingSuspendedTime: now, billingTrustUntil: null, billingTrustUsed: 0 })
    .where('id', '=', userId)
    .execute();
}

/** An administrator or reseller grants a trust unlock: any number of times, for the customer's days. */
export async function grantTrustUnlock(db: Db, user: UserRow, now: number): Promise<number> {
  if (user.billingSuspended === null) throw new ClientError('Account is not suspended');
  const until = now + billingSettings(attrs(user.attributes)).trustUnlockDays * DAY_MS;
  await db.updateTable('tc_users').set({ billingTrustUntil: until }).where('id', '=', user.id).execute();
  return until;
}

/**
 * The customer unlocks himself from the login screen (billingTrustUnlock on): once per
 * suspension; the conditional update makes a second attempt fail even when sent twice at once.
 */
export async function selfTrustUnlock(db: Db, user: UserRow, now: number): Promise<number> {
  // checked on the flag, not the state: asking again during the unlock is "already used"
  if (user.administrator || user.billingSuspended === null) throw new ClientError('Account is not suspended');
  const settings = billingSettings(attrs(user.attributes));
  if (!settings.trustUnlock) throw new ClientError('Trust unlock not allowed');
  if (user.billingTrustUsed) throw new ClientError(TRUST_ALREADY_USED);
  const until = now + settings.trustUnlockDays * DAY_MS;
  const result = await db
    .updateTable('tc_users')
    .set({ billingTrustUntil: until, billingTrustUsed: 1 })
    .where('id', '=', user.id)
    .where('billingTrustUsed', '=', 0)
    .where('billingSuspended', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new ClientError(TRUST_ALREADY_USED);
  return until;
}
