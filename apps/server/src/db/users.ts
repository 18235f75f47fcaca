import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { UserInput } from '@rastro/api';
import { ClientError } from '../domain/errors.ts';
import { newPasswordHash } from '../domain/password.ts';
import { parseTime } from '../domain/time.ts';
import { flag } from './mappers.ts';
import { mapViewColumns, restrictionColumns } from './shared-columns.ts';
import type { Database, UserTable } from './schema.ts';

export type UserRow = Selectable<UserTable>;

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('tc_users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Login matches e-mail or login name, case-insensitively, as Traccar does; an e-mail match comes
 * first and a login name is tried only when no e-mail matches, so the answer is never a matter of
 * row order. Migration 003 and `ensureLoginFree` keep both unique across users.
 */
export async function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const key = login.trim().toLowerCase();
  if (!key) return undefined;
  // one query whatever matches, so known and unknown names cost the same
  return db.selectFrom('tc_users').selectAll()
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', key), eb(eb.fn('lower', ['login']), '=', key)]))
    .orderBy(sql`case when lower(email) = ${key} then 0 else 1 end`)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Refuses ('User duplicate', Traccar's message) an e-mail or login name that another user already
 * signs in with: an e-mail may equal no other e-mail or login, a login no other login or e-mail.
 * Without this a user could take another's e-mail as his login and lock him out.
 */
export async function ensureLoginFree(db: Kysely<Database>, names: { email: string; login?: string | null }, ownId: number | null): Promise<void> {
  const keys = [...new Set([names.email, names.login].map((name) => name?.trim().toLowerCase()).filter((name): name is string => !!name))];
  if (!keys.length) return;
  const clash = await db.selectFrom('tc_users').select('id')
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), 'in', keys), eb(eb.fn('lower', ['login']), 'in', keys)]))
    .$if(ownId !== null, (q) => q.where('id', '!=', ownId!))
    .executeTakeFirst();
  if (clash) throw new ClientError('User duplicate');
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('tc_users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return row.n;
}

/** Columns written from a user body; privileged columns are decided by the caller. */
export function userColumns(input: UserInput): Omit<Insertable<UserTable>, 'hashedPassword' | 'salt'> {
  return {
    name: input.name,
    // an empty login is no login (the unique index of migration 003 would make '' clash)
    login: input.login?.trim() || null,
    email: input.email.trim(),
    phone: input.phone ?? null,
    ...restrictionColumns(input),
    administrator: flag(input.administrator),
    ...mapViewColumns(input),
    disabled: flag(input.disabled),
    expirationTime: input.expirationTime == null ? null : parseTime(input.expirationTime),
    deviceLimit: input.deviceLimit ?? -1,
    userLimit: input.userLimit ?? 0,
    totpKey: input.totpKey ?? null,
    temporary: flag(input.temporary),
    attributes: JSON.stringify(input.attributes ?? {}),
  };
}

/** The hash columns for a new password (null: keep the stored one); derived off the event loop. */
export async function newPasswordColumns(password: string | null | undefined): Promise<{ hashedPassword: string; salt: string } | null> {
  return password ? newPasswordHash(password) : null;
}
