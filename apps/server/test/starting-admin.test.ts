import { describe, expect, it } from 'vitest';
import { seedAdmin, startingAdministrator } from '../src/db/seed.ts';
import { withDatabase } from './harness.ts';

// what `npm start` prints beside the address: the administrator to sign in as, while that is true
describe('the administrator named at start', () => {
  const { db } = withDatabase('sqlite');

  it('is the configured one while it is an enabled administrator, and nobody otherwise', async () => {
    await seedAdmin(db.kysely, 'admin', 'secret-1');
    expect(await startingAdministrator(db.kysely, 'admin')).toBe('admin');
    expect(await startingAdministrator(db.kysely, 'someone-else')).toBeNull();

    await db.kysely.updateTable('tc_users').set({ disabled: 1 }).where('email', '=', 'admin').execute();
    expect(await startingAdministrator(db.kysely, 'admin')).toBeNull();

    await db.kysely.updateTable('tc_users').set({ disabled: 0, administrator: 0 }).where('email', '=', 'admin').execute();
    expect(await startingAdministrator(db.kysely, 'admin')).toBeNull();
  });
});
