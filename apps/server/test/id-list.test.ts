import { beforeAll, describe, expect, it } from 'vitest';
import { idIn } from '../src/db/id-list.ts';
import { flag } from '../src/db/mappers.ts';
import { reportDevices } from '../src/reports/data.ts';
import { postgresAvailable, withDatabase, type Dialect } from './harness.ts';

const dialects: Dialect[] = ['sqlite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

/** More ids than PostgreSQL accepts placeholders in one statement (65,535) and SQLite variables (32,766). */
const MANY = 70_000;

describe.each(dialects)('id lists on %s', (dialect) => {
  const { db } = withDatabase(dialect);
  const stored: number[] = [];

  beforeAll(async () => {
    for (const name of ['Caminhão B', 'Carro A', 'Moto C']) {
      const row = await db.kysely.insertInto('tc_devices').values({ name, uniqueId: `id-list-${name}`, disabled: flag(false), attributes: '{}' })
        .returning('id').executeTakeFirstOrThrow();
      stored.push(row.id);
    }
  });

  const wanted = () => [...stored, ...Array.from({ length: MANY }, (_, i) => 1_000_000 + i)];

  it(`matches a column against ${MANY.toLocaleString('en')} ids in one bound value`, async () => {
    const rows = await db.kysely.selectFrom('tc_devices').select('id').where(idIn(db.dialect, 'id', wanted())).execute();
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...stored].sort((a, b) => a - b));
  });

  it('lists a report over a whole fleet of ids, by name', async () => {
    const devices = await reportDevices(db.kysely, db.dialect, wanted());
    expect(devices.map((d) => d.name)).toEqual(['Caminhão B', 'Carro A', 'Moto C']);
  });

  it('an empty list matches nothing', async () => {
    expect(await db.kysely.selectFrom('tc_devices').select('id').where(idIn(db.dialect, 'id', [])).execute()).toEqual([]);
  });
});
