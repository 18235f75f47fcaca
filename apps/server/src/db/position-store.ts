import type { Insertable } from 'kysely';
import type { Db } from './connection.ts';
import type { PositionTable } from './schema.ts';
import type { WorkingPosition } from '../pipeline/types.ts';

interface Pending {
  row: Insertable<PositionTable>;
  /** Newest position of its device: the device row points at it. */
  latest: boolean;
  resolve(id: number): void;
  reject(error: unknown): void;
}

const CHUNK = 500;

export function positionRow(p: WorkingPosition): Insertable<PositionTable> {
  return {
    deviceId: p.deviceId,
    protocol: p.protocol,
    serverTime: p.serverTime,
    deviceTime: p.deviceTime,
    fixTime: p.fixTime,
    valid: p.valid ? 1 : 0,
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    speed: p.speed,
    course: p.course,
    address: p.address,
    accuracy: p.accuracy,
    network: p.network ? JSON.stringify(p.network) : null,
    geofenceIds: p.geofenceIds ? JSON.stringify(p.geofenceIds) : null,
    attributes: JSON.stringify(p.attributes),
  };
}

/**
 * Durable position writes, batched: everything queued while the previous transaction ran is
 * written in the next single transaction. A caller's promise resolves only after commit,
 * which is when a device may be acknowledged.
 */
export class PositionStore {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  insert(position: WorkingPosition, latest: boolean): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row: positionRow(position), latest, resolve, reject });
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
        batch.forEach((item, i) => item.resolve(ids[i]!));
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    this.running = null;
  }

  private async write(batch: Pending[]): Promise<number[]> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (let i = 0; i < batch.length; i += CHUNK) {
        const chunk = batch.slice(i, i + CHUNK);
        const rows = await trx.insertInto('tc_positions').values(chunk.map((item) => item.row)).returning('id').execute();
        // Both dialects return inserted rows in VALUES order for a single multi-row insert.
        ids.push(...rows.map((r) => r.id));
      }
      const latestByDevice = new Map<number, number>();
      batch.forEach((item, i) => {
        if (item.latest) latestByDevice.set(item.row.deviceId, ids[i]!);
      });
      for (const [deviceId, positionId] of latestByDevice) {
        await trx.updateTable('tc_devices').set({ positionId }).where('id', '=', deviceId).execute();
      }
      return ids;
    });
  }
}
