import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql, type LogConfig, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { asText } from '../domain/json.ts';
import type { Database } from './schema.ts';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';
import * as initial from './migrations/001-initial.ts';
import * as billing from './migrations/002-billing.ts';
import * as uniqueLogins from './migrations/003-unique-logins.ts';
import * as passwordResets from './migrations/004-password-resets.ts';
import * as shareUsers from './migrations/005-share-users.ts';
import * as notificationDeliveries from './migrations/006-notification-deliveries.ts';
import * as scheduledReports from './migrations/007-scheduled-reports.ts';
import * as groupShares from './migrations/008-group-shares.ts';
import * as statistics from './migrations/009-statistics.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle, for the batched position writer (null on PostgreSQL). */
  sqlite: SQLite.Database | null;
  /** The PostgreSQL pool, for the batched position writer (null on SQLite). */
  pool: pg.Pool | null;
  close: () => Promise<void>;
}

export interface DbOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  pgSchema?: string;
  /** Told the SQL of every query Kysely runs (tests and benchmarks count them). */
  onQuery?: (sql: string) => void;
}

// PostgreSQL returns bigint (int8) as strings; our ids and epoch-ms times fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }), log: queryLog(options) });
    return { kysely, dialect: 'postgres', sqlite: null, pool, close: () => kysely.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, 'rastro.db'));
  // WAL keeps readers off the writer's back; NORMAL sync survives a process crash (kill -9),
  // because every committed transaction is in the WAL file handed to the OS.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = OFF');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log: queryLog(options) });
  return { kysely, dialect: 'sqlite', sqlite, pool: null, close: () => kysely.destroy() };
}

function queryLog({ onQuery }: DbOptions): LogConfig | undefined {
  return onQuery && ((event) => onQuery(event.query.sql));
}

function migrations(dialect: DialectName): MigrationProvider {
  const list: Record<string, Migration> = {
    '001-initial': { up: (db) => initial.up(db, dialect) },
    '002-billing': { up: (db) => billing.up(db) },
    '003-unique-logins': { up: (db) => uniqueLogins.up(db) },
    '004-password-resets': { up: (db) => passwordResets.up(db) },
    '005-share-users': { up: (db) => shareUsers.up(db) },
    '006-notification-deliveries': { up: (db) => notificationDeliveries.up(db, dialect) },
    '007-scheduled-reports': { up: (db) => scheduledReports.up(db) },
    '008-group-shares': { up: (db) => groupShares.up(db) },
    '009-statistics': { up: (db) => statistics.up(db) },
  };
  return { getMigrations: () => Promise.resolve(list) };
}

export async function migrate(db: Db): Promise<string[]> {
  // Named on PostgreSQL: without a schema, Kysely takes a migration table of any schema as ours,
  // and a database shared by several schemas (concurrent test runs) then skips creating it.
  const schema = db.dialect === 'postgres'
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db: db.kysely, provider: migrations(db.dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(asText(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
