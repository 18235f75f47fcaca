import { sql, type Kysely } from 'kysely';

/**
 * One account per name a user signs in with. E-mails are unique since 001 (lower(email)); login
 * names were not, and a user could set his login to another user's e-mail (or login) and take
 * over which account answered that name.
 *
 * Existing clashes are resolved by CLEARING the offending login (set to NULL), never by changing
 * an e-mail: every user keeps signing in with his e-mail, which is unique, so clearing a login
 * locks nobody out, while a changed e-mail would. Which login goes:
 *  - a login equal to another user's e-mail: the login goes, whatever the ids (the e-mail owner
 *    is who that name meant; sign-in matches e-mails first);
 *  - two equal logins: the later row's (higher id) goes, the first one keeps it.
 * Empty logins become NULL (no login). Then a unique index on lower(login) keeps it so; that a
 * login differs from every other user's e-mail spans two columns and is checked on each write
 * (db/users.ts ensureLoginFree).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await sql`UPDATE tc_users SET login = NULL WHERE login IS NOT NULL AND trim(login) = ''`.execute(db);
  await sql`
    UPDATE tc_users SET login = NULL
    WHERE login IS NOT NULL AND EXISTS (
      SELECT 1 FROM tc_users other
      WHERE other.id <> tc_users.id AND lower(other.email) = lower(tc_users.login)
    )`.execute(db);
  await sql`
    UPDATE tc_users SET login = NULL
    WHERE login IS NOT NULL AND EXISTS (
      SELECT 1 FROM tc_users other
      WHERE other.id < tc_users.id AND lower(other.login) = lower(tc_users.login)
    )`.execute(db);
  await db.schema.createIndex('tc_users_login').unique().on('tc_users').expression(sql`lower(login)`).execute();
}
