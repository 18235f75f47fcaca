import { QR_DRIVER_ATTRIBUTES, type Attributes } from '@rastro/api';
import type { ApiContext } from '../context.ts';
import type { EntityHooks } from './entity-hooks.ts';
import { removeQrAccount, syncQrAccount } from '../../qr-driver/account.ts';
import { validateQr } from '../../qr-driver/rules.ts';

/**
 * What the drivers CRUD does for the QR check-in: validates the QR fields, stores the driver
 * without its password, keeps the login account in step (in the same transaction, so a
 * duplicate username changes nothing), and after the commit moves the check-in state along.
 */
export function qrDriverHooks(ctx: ApiContext): EntityHooks {
  return {
    beforeWrite(_trx, body) {
      const { attributes } = validateQr((body.attributes ?? {}) as Attributes);
      return { ...body, attributes };
    },
    async afterWrite(trx, row, body) {
      const { password } = validateQr((body.attributes ?? {}) as Attributes);
      await syncQrAccount(trx, { id: row.id, name: String(row.name), attributes: String(row.attributes) }, password);
    },
    async afterDelete(trx, id) {
      await removeQrAccount(trx, id);
    },
    async committed(id) {
      await ctx.qrCheckins.driverSaved(id);
    },
    toWire(wire) {
      // a row written before the password was kept off the driver never shows it either
      const { [QR_DRIVER_ATTRIBUTES.password]: _hidden, ...attributes } = (wire.attributes ?? {}) as Record<string, unknown>;
      return { ...wire, attributes };
    },
  };
}
