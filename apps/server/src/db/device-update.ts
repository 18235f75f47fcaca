import type { Kysely, Selectable, Updateable } from 'kysely';
import { ClientError } from '../domain/errors.ts';
import type { Database, DeviceTable } from './schema.ts';

/** Rounds of read-and-swap before giving up: each lost round means another writer just changed the row. */
const ATTEMPTS = 8;

/**
 * Updates a device row whose new values depend on its stored attributes (a client's save keeping
 * the server's QR check-in state, a device's own attribute merged in) as a compare-and-swap on the
 * attributes text: `UPDATE … WHERE attributes = <as read>`, read again and retried when another
 * writer (a check-in, another node) changed them in between, so no write silently undoes another.
 * Undefined when the device is gone.
 */
export async function updateDeviceRow(
  db: Kysely<Database>,
  id: number,
  values: (stored: Selectable<DeviceTable>) => Updateable<DeviceTable> | Promise<Updateable<DeviceTable>>,
): Promise<Selectable<DeviceTable> | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await db.selectFrom('tc_devices').selectAll().where('id', '=', id).executeTakeFirst();
    if (!stored) return undefined;
    const row = await db.updateTable('tc_devices').set(await values(stored))
      .where('id', '=', id).where('attributes', '=', stored.attributes).returningAll().executeTakeFirst();
    if (row) return row;
  }
  throw new ClientError('Device changed meanwhile, try again', 409);
}
