import type { Statement } from 'better-sqlite3';
import type { Db } from './connection.ts';
import { workingToRow } from '../position/mappers.ts';
import type { NewPositionRow, WorkingPosition } from '../position/types.ts';

interface Pending {
  row: NewPositionRow;
  /** Newest position of its device: the device row points at it. */
  latest: boolean;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

/** Each column's PostgreSQL type for UNNEST; its keys, in this order, are the columns written. */
const PG_TYPES: Record<keyof NewPositionRow, string> = {
  deviceId: 'bigint', protocol: 'text', serverTime: 'bigint', deviceTime: 'bigint', fixTime: 'bigint', valid: 'integer',
  latitude: 'double precision', longitude: 'double precision', altitude: 'double precision', speed: 'double precision',
  course: 'double precision', address: 'text', accuracy: 'double precision', network: 'text', geofenceIds: 'text', attributes: 'text',
};
const COLUMNS = Object.keys(PG_TYPES) as (keyof NewPositionRow)[];

/**
 * Durable position writes, batched: everything queued while the previous transaction ran is
 * written in the next single transaction. A caller's promise resolves only after commit,
 * which is when a device may be acknowledged.
 */
export class PositionStore {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private insertSqlite: Statement | null = null;
  private pointSqlite: Statement | null = null;

  constructor(private readonly db: Db) {}

  insert(position: WorkingPosition, latest: boolean): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row: workingToRow(position), latest, resolve, reject });
      if (!this.running) this.running = this.drain();
    });
  }

  /** Resolves when everything queued so far is written. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the current tick's submissions join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.queue.length);
      try {
        const ids = await this.write(batch);
        batch.forEach((item, i) => item.resolve(ids[i]));
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    this.running = null;
  }

  private async write(batch: Pending[]): Promise<number[]> {
    // Kysely would build and compile one AST node per value; at thousands of positions a second
    // the writes go straight to the driver, with the same SQL on both databases.
    return this.db.sqlite ? this.writeSqlite(batch) : this.writePostgres(batch);
  }

  /** One synchronous transaction on the SQLite connection, taken from Kysely so no other transaction is open on it. */
  private writeSqlite(batch: Pending[]): Promise<number[]> {
    const sqlite = this.db.sqlite!;
    this.insertSqlite ??= sqlite.prepare(`INSERT INTO tc_positions (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
    this.pointSqlite ??= sqlite.prepare('UPDATE tc_devices SET "positionId" = ? WHERE id = ?');
    const insert = this.insertSqlite;
    const point = this.pointSqlite;
    const run = sqlite.transaction((items: Pending[]) => {
      const ids = items.map((item) => Number(insert.run(...COLUMNS.map((c) => item.row[c] ?? null)).lastInsertRowid));
      for (const [deviceId, positionId] of latestPerDevice(items, ids)) point.run(positionId, deviceId);
      return ids;
    });
    return this.db.kysely.connection().execute(() => Promise.resolve(run(batch)));
  }

  /** One round trip: the rows as column arrays through UNNEST, then the devices' positionId. */
  private async writePostgres(batch: Pending[]): Promise<number[]> {
    const client = await this.db.pool!.connect();
    try {
      await client.query('BEGIN');
      const arrays = COLUMNS.map((c) => batch.map((item) => item.row[c] ?? null));
      const casts = COLUMNS.map((c, i) => `$${i + 1}::${PG_TYPES[c]}[]`).join(', ');
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO tc_positions (${COLUMNS.map((c) => `"${c}"`).join(', ')}) SELECT * FROM UNNEST(${casts}) RETURNING id`,
        arrays,
      );
      const ids = rows.map((r) => r.id);
      const latest = [...latestPerDevice(batch, ids)];
      if (latest.length) {
        await client.query(
          'UPDATE tc_devices AS d SET "positionId" = u.p FROM UNNEST($1::bigint[], $2::bigint[]) AS u(d, p) WHERE d.id = u.d',
          [latest.map(([deviceId]) => deviceId), latest.map(([, positionId]) => positionId)],
        );
      }
      await client.query('COMMIT');
      return ids;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

function latestPerDevice(batch: Pending[], ids: number[]): Map<number, number> {
  const latest = new Map<number, number>();
  batch.forEach((item, i) => {
    if (item.latest) latest.set(item.row.deviceId, ids[i]);
  });
  return latest;
}
