import { Migrator, sql, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connection.ts';
import * as initial from '../src/db/migrations/001-initial.ts';
import * as billing from '../src/db/migrations/002-billing.ts';
import * as uniqueLogins from '../src/db/migrations/003-unique-logins.ts';
import { newPasswordHash } from '../src/domain/password.ts';
import { Client, openEmptyTestDatabase, postgresAvailable, type Dialect, withServer } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

/** The columns a user row needs besides its names, for rows written straight to the database. */
const USER_DEFAULTS = {
  readonly: 0, administrator: 0, disabled: 0, deviceReadonly: 0, limitCommands: 0, disableReports: 0, fixedEmail: 0, temporary: 0,
  latitude: 0, longitude: 0, zoom: 0, deviceLimit: -1, userLimit: 0, attributes: '{}',
};

describe.each(dialects)('one account per sign-in name on %s', (dialect) => {
  const { server, admin } = withServer({ dialect });

  const newUser = (fields: Record<string, unknown>) => admin.json('POST', '/api/users', { name: 'Someone', password: 'pass1234', ...fields });
  const duplicate = async (response: Promise<Response>) => {
    const answer = await response;
    expect([answer.status, await answer.text()]).toEqual([400, 'User duplicate']);
  };

  it('refuses a login that is another user\'s e-mail, so nobody locks the owner out', async () => {
    await newUser({ email: 'victim@logins.test', password: 'victim-pass' });
    const attacker = await newUser({ email: 'attacker@logins.test', password: 'attacker-pass' });
    const self = await Client.login(server.base, 'attacker@logins.test', 'attacker-pass');
    await duplicate(self.request('PUT', `/api/users/${attacker.id}`, { ...attacker, login: 'Victim@Logins.test' }));
    expect((await admin.json('GET', `/api/users/${attacker.id}`)).login).toBeNull();
    await Client.login(server.base, 'victim@logins.test', 'victim-pass');
  });

  it('refuses clashes between e-mails and logins in every direction, case-insensitively', async () => {
    await newUser({ email: 'holder@logins.test', login: 'holder' });
    await duplicate(admin.request('POST', '/api/users', { name: 'X', password: 'pass1234', email: 'other1@logins.test', login: 'HOLDER' }));
    await duplicate(admin.request('POST', '/api/users', { name: 'X', password: 'pass1234', email: 'other2@logins.test', login: 'holder@logins.test' }));
    await duplicate(admin.request('POST', '/api/users', { name: 'X', password: 'pass1234', email: 'Holder' }));
    await duplicate(admin.request('POST', '/api/users', { name: 'X', password: 'pass1234', email: 'HOLDER@logins.test' }));
  });

  it('lets a user keep his own names, and any number of users have no login', async () => {
    const user = await newUser({ email: 'own@logins.test', login: 'own@logins.test' });
    await admin.json('PUT', `/api/users/${user.id}`, { ...user, name: 'Renamed' });
    const blank1 = await newUser({ email: 'blank1@logins.test', login: '' });
    const blank2 = await newUser({ email: 'blank2@logins.test', login: '  ' });
    expect([blank1.login, blank2.login]).toEqual([null, null]);
  });

  it('signs in the e-mail\'s owner when an older row holds the same name as its login', async () => {
    // a clash from before uniqueness (or written around the API): the login's row comes first
    const db = server.rastro.db.kysely;
    await db.insertInto('tc_users').values({ ...USER_DEFAULTS, name: 'Older', email: 'older@logins.test', login: 'shared@logins.test', ...(await newPasswordHash('older-pass')) }).execute();
    await db.insertInto('tc_users').values({ ...USER_DEFAULTS, name: 'Owner', email: 'shared@logins.test', ...(await newPasswordHash('owner-pass')) }).execute();
    const owner = await Client.login(server.base, 'shared@logins.test', 'owner-pass');
    expect((await owner.json('GET', '/api/session')).email).toBe('shared@logins.test');
    const older = await fetch(`${server.base}/api/session`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=shared%40logins.test&password=older-pass' });
    expect(older.status).toBe(401);
  });
});

describe.each(dialects)('migration 003 on %s', (dialect) => {
  let db: Db;
  let schema: string | undefined;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, schema, close } = await openEmptyTestDatabase(dialect));
  });
  afterAll(async () => {
    await close?.();
  });

  const migrator = (list: Record<string, Migration>) => new Migrator({ db: db.kysely, provider: { getMigrations: () => Promise.resolve(list) }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const before = { '001-initial': { up: (k: typeof db.kysely) => initial.up(k, dialect) }, '002-billing': { up: billing.up } } as Record<string, Migration>;

  it('clears the clashing logins deterministically, then keeps logins unique', async () => {
    expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
    const user = (id: number, email: string, login: string | null) => ({ ...USER_DEFAULTS, id, name: `U${id}`, email, login });
    await db.kysely.insertInto('tc_users').values([
      user(1, 'first@dup.test', 'Driver'),
      user(2, 'second@dup.test', 'driver'), // same login as an earlier row: cleared
      user(3, 'third@dup.test', 'FOURTH@dup.test'), // another user's e-mail: cleared, though the e-mail's row is later
      user(4, 'fourth@dup.test', 'fourth'),
      user(5, 'fifth@dup.test', ''), // empty: no login
      user(6, 'sixth@dup.test', 'sixth@dup.test'), // his own e-mail: kept
      user(7, 'seventh@dup.test', 'DRIVER'), // third of the same login: cleared
    ]).execute();

    const result = await migrator({ ...before, '003-unique-logins': { up: uniqueLogins.up } }).migrateToLatest();
    expect(result.error).toBeUndefined();
    const rows = await db.kysely.selectFrom('tc_users').select(['id', 'login']).orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.login])).toEqual([
      [1, 'Driver'], [2, null], [3, null], [4, 'fourth'], [5, null], [6, 'sixth@dup.test'], [7, null],
    ]);

    await expect(db.kysely.insertInto('tc_users').values(user(8, 'eighth@dup.test', 'DrIvEr')).execute()).rejects.toThrow();
    // NULL logins never clash
    await db.kysely.insertInto('tc_users').values([user(9, 'ninth@dup.test', null), user(10, 'tenth@dup.test', null)]).execute();
    const logins = await sql<{ n: number }>`select count(*) as n from tc_users where login is null`.execute(db.kysely);
    expect(logins.rows[0].n).toBe(6);
  });
});
