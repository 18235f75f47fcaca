import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/connection.ts';
import { PG_URL, openEmptyTestDatabase, postgresAvailable } from './harness.ts';

/**
 * Several deployments (or test runs) may share one PostgreSQL database, each in its own schema.
 * A migration must not fail because another schema is being dropped meanwhile: the CI run of
 * 2026-11-25 lost a test file to exactly that, when the migrator listed every table of the database.
 */
describe.runIf(await postgresAvailable())('migrations in a database shared with other schemas', () => {
  it('migrates while another schema full of tables is created and dropped again and again', async () => {
    const churners = await Promise.all([0, 1, 2].map(async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      return client;
    }));
    let churning = true;
    const loops = churners.map(async (churn, n) => {
      for (let round = 0; churning; round++) {
        const schema = `rastro_churn_${process.pid}_${n}_${round}`;
        await churn.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (id serial primary key, name text)`);
        await churn.query(`DROP SCHEMA ${schema} CASCADE`);
      }
    });
    const migrated: string[][] = [];
    try {
      for (let run = 0; run < 15; run++) {
        const opened = await openEmptyTestDatabase('postgres');
        try {
          migrated.push(await migrate(opened.db));
        } finally {
          await opened.close();
        }
      }
    } finally {
      churning = false;
      await Promise.all(loops);
      await Promise.all(churners.map((churn) => churn.end()));
    }
    expect(migrated.every((names) => names.length === migrated[0].length && names.length > 0)).toBe(true);
  }, 120_000);

  it("introspects the connection's own schema only, its tables with their columns", async () => {
    const { db, schema, close } = await openEmptyTestDatabase('postgres');
    try {
      await migrate(db);
      const tables = await db.kysely.introspection.getTables();
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schema]));
      const devices = tables.find((table) => table.name === 'tc_devices');
      expect(devices?.columns.find((column) => column.name === 'id')).toMatchObject({ isAutoIncrementing: true, isNullable: false });
      expect(devices?.columns.find((column) => column.name === 'name')).toMatchObject({ dataType: 'text', isNullable: false });
      expect(tables.some((table) => table.name.startsWith('kysely_'))).toBe(false);
      const withKysely = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
      expect(withKysely.map((table) => table.name)).toContain('kysely_migration');
    } finally {
      await close();
    }
  });
});
