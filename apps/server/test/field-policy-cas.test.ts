import { ADVANCED_PERMISSIONS_KEY } from '@rastro/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { attrs } from '../src/db/mappers.ts';
import { updateUserRow } from '../src/db/user-update.ts';
import { editTokens } from '../src/notifications/push.ts';
import { userColumns } from '../src/db/users.ts';
import { USER_POLICY, applyFieldPolicy } from '../src/domain/field-policy.ts';
import { postgresAvailable, withDatabase, type Dialect } from './harness.ts';
import { expectGivesUp } from './row-update-contract.ts';

/**
 * A save keeps the privileged attributes its writer may not change at their stored values; the
 * write is a compare-and-swap, so values kept from a stale read never undo a change an
 * administrator made in between (revoking advanced permissions while the user saves his profile).
 */

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const GRANTED = '00ff0000000000000000000000000000';
const REVOKED = '00010000000000000000000000000000';

describe.each(dialects)('user saves against concurrent writers on %s', (dialect) => {
  const { db } = withDatabase(dialect);
  let id = 0;

  beforeAll(async () => {
    const columns = userColumns({ name: 'Operador', email: 'cas@example.com', attributes: { [ADVANCED_PERMISSIONS_KEY]: GRANTED, theme: 'dark' } });
    id = (await db.kysely.insertInto('tc_users').values(columns).returning('id').executeTakeFirstOrThrow()).id;
  });

  const stored = async () => attrs((await db.kysely.selectFrom('tc_users').select('attributes').where('id', '=', id).executeTakeFirstOrThrow()).attributes);

  it('keeps an administrator\'s revocation written between a self-save\'s read and its write', async () => {
    let round = 0;
    const saved = await updateUserRow(db.kysely, id, async (current) => {
      if (round++ === 0) {
        // the administrator revokes while the save is under way
        await db.kysely.updateTable('tc_users').set({ attributes: JSON.stringify({ ...attrs(current.attributes), [ADVANCED_PERMISSIONS_KEY]: REVOKED }) })
          .where('id', '=', id).execute();
      }
      // the user's own copy, from before the revocation
      const fields = applyFieldPolicy(USER_POLICY, 'self', null, { columns: { name: 'Operador 2' }, attributes: { [ADVANCED_PERMISSIONS_KEY]: GRANTED, theme: 'light' } },
        { columns: current as unknown as Record<string, unknown>, attributes: attrs(current.attributes) });
      return { ...fields.columns, attributes: JSON.stringify(fields.attributes) };
    });
    expect(round).toBe(2);
    expect(saved?.after.name).toBe('Operador 2');
    expect(await stored()).toEqual({ [ADVANCED_PERMISSIONS_KEY]: REVOKED, theme: 'light' });
  });

  it('keeps a revocation written while a push subscription is being saved', async () => {
    await db.kysely.updateTable('tc_users').set({ attributes: JSON.stringify({ [ADVANCED_PERMISSIONS_KEY]: GRANTED }) }).where('id', '=', id).execute();
    let round = 0;
    await editTokens(db.kysely, id, async (tokens) => {
      // the administrator revokes between the subscription's read and its write
      if (round++ === 0) {
        await db.kysely.updateTable('tc_users').set({ attributes: JSON.stringify({ [ADVANCED_PERMISSIONS_KEY]: REVOKED }) }).where('id', '=', id).execute();
      }
      return [...tokens, 'phone-token-1'];
    });
    expect(round).toBe(2);
    const attributes = await stored();
    expect(attributes).toEqual({ [ADVANCED_PERMISSIONS_KEY]: REVOKED, notificationTokens: 'phone-token-1' });
  });

  it('gives up with a 409 when the row changes under every attempt, and answers undefined for a user that is gone', async () => {
    await expectGivesUp(db.kysely, 'tc_users', id, updateUserRow, 'Operador 2');
  });
});
