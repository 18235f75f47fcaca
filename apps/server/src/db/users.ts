import type { Insertable, Kysely, Selectable } from 'kysely';
import type { UserInput } from '@rastro/api';
import { hashPassword } from '../domain/password.ts';
import { parseTime } from '../domain/time.ts';
import { flag } from './mappers.ts';
import type { Database, UserTable } from './schema.ts';

export type UserRow = Selectable<UserTable>;

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('tc_users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Login matches e-mail or login name, case-insensitively, as Traccar does. */
export function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const key = login.trim().toLowerCase();
  return db
    .selectFrom('tc_users')
    .selectAll()
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', key), eb(eb.fn('lower', ['login']), '=', key)]))
    .executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('tc_users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Columns written from a user body; privileged columns are decided by the caller. */
export function userColumns(input: UserInput): Omit<Insertable<UserTable>, 'hashedPassword' | 'salt'> {
  return {
    name: input.name,
    login: input.login ?? null,
    email: input.email.trim(),
    phone: input.phone ?? null,
    readonly: flag(input.readonly),
    administrator: flag(input.administrator),
    map: input.map ?? null,
    latitude: input.latitude ?? 0,
    longitude: input.longitude ?? 0,
    zoom: input.zoom ?? 0,
    coordinateFormat: input.coordinateFormat ?? null,
    disabled: flag(input.disabled),
    expirationTime: input.expirationTime == null ? null : parseTime(input.expirationTime),
    deviceLimit: input.deviceLimit ?? -1,
    userLimit: input.userLimit ?? 0,
    deviceReadonly: flag(input.deviceReadonly),
    limitCommands: flag(input.limitCommands),
    disableReports: flag(input.disableReports),
    fixedEmail: flag(input.fixedEmail),
    poiLayer: input.poiLayer ?? null,
    totpKey: input.totpKey ?? null,
    temporary: flag(input.temporary),
    attributes: JSON.stringify(input.attributes ?? {}),
  };
}

export function passwordColumns(password: string | null | undefined): { hashedPassword: string; salt: string } | null {
  return password ? hashPassword(password) : null;
}
