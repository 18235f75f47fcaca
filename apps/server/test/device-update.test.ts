import { beforeAll, describe, expect, it } from 'vitest';
import { updateDeviceRow } from '../src/db/device-update.ts';
import { attrs, flag } from '../src/db/mappers.ts';
import { keepQrState } from '../src/qr-driver/rules.ts';
import { postgresAvailable, withDatabase, type Dialect } from './harness.ts';
import { expectGivesUp } from './row-update-contract.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(dialects)('device updates against concurrent writers on %s', (dialect) => {
  const { db } = withDatabase(dialect);
  let id = 0;

  beforeAll(async () => {
    id = (await db.kysely.insertInto('tc_devices').values({ name: 'Truck', uniqueId: 'cas-1', disabled: flag(false), attributes: '{"plate":"OLD1A11"}' })
      .returning('id').executeTakeFirstOrThrow()).id;
  });

  const stored = async () => attrs((await db.kysely.selectFrom('tc_devices').select('attributes').where('id', '=', id).executeTakeFirstOrThrow()).attributes);

  it('keeps a QR check-in written between a save\'s read and its write', async () => {
    let round = 0;
    const row = await updateDeviceRow(db.kysely, id, async (current) => {
      if (round++ === 0) {
        // a driver checks in while the save is under way
        await db.kysely.updateTable('tc_devices').set({ attributes: JSON.stringify({ ...attrs(current.attributes), 'tarkan.qrDriverId': 7 }) })
          .where('id', '=', id).execute();
      }
      // the client's copy of the attributes, from before the check-in
      return { name: 'Truck 1', attributes: JSON.stringify(keepQrState({ plate: 'NEW2B22' }, attrs(current.attributes))) };
    });
    expect(round).toBe(2);
    expect(row?.name).toBe('Truck 1');
    expect(await stored()).toEqual({ plate: 'NEW2B22', 'tarkan.qrDriverId': 7 });
  });

  it('gives up with a 409 when the row changes under every attempt, and answers undefined for a device that is gone', async () => {
    await expectGivesUp(db.kysely, 'tc_devices', id, updateDeviceRow, 'Truck 1');
  });
});
