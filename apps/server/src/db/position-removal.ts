import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Which positions to delete: one by id, or a device's fixes in [from, to]. */
export type PositionSelection = { id: number } | { deviceId: number; from: number; to: number };

/**
 * Deletes history and, in the same transaction, points every device whose latest position went
 * with it at its newest remaining fix (none: null), so the device list, the latest-positions
 * answer and the next position's distance never read a deleted row. Answers the devices whose
 * latest position moved; their caches must forget it (LiveMessage `positionsRemoved`).
 */
export async function removePositions(db: Kysely<Database>, selection: PositionSelection): Promise<{ removed: number; moved: number[] }> {
  return db.transaction().execute(async (trx) => {
    let q = trx.deleteFrom('tc_positions');
    q = 'id' in selection
      ? q.where('id', '=', selection.id)
      : q.where('deviceId', '=', selection.deviceId).where('fixTime', '>=', selection.from).where('fixTime', '<=', selection.to);
    const gone = await q.returning(['id', 'deviceId']).execute();
    if (!gone.length) return { removed: 0, moved: [] };
    const goneIds = new Set(gone.map((r) => r.id));
    const devices = [...new Set(gone.map((r) => r.deviceId))];
    const moved: number[] = [];
    for (const deviceId of devices) {
      const device = await trx.selectFrom('tc_devices').select('positionId').where('id', '=', deviceId).executeTakeFirst();
      if (!device?.positionId || !goneIds.has(device.positionId)) continue;
      const newest = await trx.selectFrom('tc_positions').select('id').where('deviceId', '=', deviceId)
        .orderBy('fixTime', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      await trx.updateTable('tc_devices').set({ positionId: newest?.id ?? null }).where('id', '=', deviceId).execute();
      moved.push(deviceId);
    }
    return { removed: gone.length, moved };
  });
}
