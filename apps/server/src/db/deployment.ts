import { sql } from 'kysely';
import type { Db } from './connection.ts';

/**
 * Names this deployment's data: nodes sharing one database share one name, so they share the live
 * bus and sign-in counters in Redis, while other deployments (or test servers run side by side) on
 * the same Redis keep their own.
 */
export async function deploymentName(db: Db, dataDir: string): Promise<string> {
  if (db.dialect !== 'postgres') return dataDir;
  const { rows } = await sql<{ name: string }>`select current_database() || '.' || current_schema() as name`.execute(db.kysely);
  return rows[0]?.name ?? 'postgres';
}
