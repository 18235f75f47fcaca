import { QR_DEVICE_STATE, type Attributes, type QrDriverState, type QrVehicle } from '@rastro/api';
import type { Kysely, Selectable } from 'kysely';
import { visibleDeviceIds } from '../db/access.ts';
import { attrs, toDevice } from '../db/mappers.ts';
import type { Database, DeviceTable } from '../db/schema.ts';
import { isSoftDeleted } from '../domain/device-limit.ts';
import { ClientError, notFound } from '../domain/errors.ts';
import type { LiveBus } from '../live/bus.ts';
import type { CommandRouter } from '../live/commands.ts';
import type { DeviceRegistry } from '../live/device-registry.ts';
import { endSessions, findQrAccount } from './account.ts';
import type { ServerSettings } from '../db/server-settings.ts';
import { checkedIn, checkedOut, deviceQrState, lockClaimed, logoutRescheduled, qrDriversEnabled, qrSettings } from './rules.ts';

type Db = Kysely<Database>;
type DeviceRow = Pick<Selectable<DeviceTable>, 'id' | 'name' | 'uniqueId' | 'category' | 'attributes'>;

/** Another writer changed a device between our read and our write: the whole step is retried. */
class Conflict extends Error {}

/** Why a driver left a device (kept in the audit log). */
export type CheckoutReason = 'driver' | 'moved' | 'replaced' | 'autoLogout' | 'removed';

interface Change {
  deviceId: number;
  driverId: number;
  action: 'checkIn' | 'checkOut' | 'lock';
  reason?: CheckoutReason;
}

const toVehicle = (row: DeviceRow): QrVehicle => {
  const plate = attrs(row.attributes).plate;
  return { id: row.id, name: row.name, category: row.category, plate: typeof plate === 'string' && plate ? plate : null };
};

/**
 * Check-in state of QR drivers, kept in the attributes of the device they drive (see
 * QR_DEVICE_STATE): the current driver, since when, and the due times of the automatic
 * check-out and of the lock without driver. Every change is a compare-and-swap on the stored
 * attributes text (`UPDATE … WHERE attributes = <as read>`), so two server nodes, or a request
 * racing the sweep, never both act on the same state: the loser re-reads and retries, or skips.
 */
export class QrCheckins {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: LiveBus,
    private readonly registry: DeviceRegistry,
    private readonly commands: CommandRouter,
    private readonly settings: ServerSettings,
    private readonly log: { warn: (message: string) => void },
    private readonly intervalMs = 30_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(Date.now()).catch((error: unknown) => this.log.warn(`QR driver sweep failed: ${String(error)}`)), this.intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * A vehicle the driver may check in to: it exists (not soft-deleted) and one of the users the
   * driver belongs to (its `tc_user_driver` links) sees it, an administrator seeing every device.
   */
  async vehicle(driverId: number, deviceId: number): Promise<QrVehicle> {
    const row = await this.db.selectFrom('tc_devices').select(['id', 'name', 'uniqueId', 'category', 'attributes']).where('id', '=', deviceId).executeTakeFirst();
    if (!row || isSoftDeleted(row.uniqueId)) throw notFound('Device');
    const owners = await this.db.selectFrom('tc_user_driver').innerJoin('tc_users', 'tc_users.id', 'tc_user_driver.userId')
      .select(['tc_users.id', 'tc_users.administrator', 'tc_users.disabled']).where('tc_user_driver.driverId', '=', driverId).execute();
    for (const owner of owners) {
      if (owner.disabled) continue;
      if (owner.administrator || (await visibleDeviceIds(this.db, owner.id)).includes(deviceId)) return toVehicle(row);
    }
    throw new ClientError('Device access denied', 403);
  }

  async state(driverId: number): Promise<QrDriverState> {
    const driver = await this.db.selectFrom('tc_drivers').selectAll().where('id', '=', driverId).executeTakeFirst();
    if (!driver) throw notFound('Driver');
    const [held] = await this.heldBy(this.db, driverId);
    const state = held ? deviceQrState(attrs(held.attributes)) : null;
    return {
      driver: { id: driver.id, name: driver.name, uniqueId: driver.uniqueId },
      device: held ? toVehicle(held) : null,
      since: state?.checkinTime != null ? new Date(state.checkinTime).toISOString() : null,
      logoutTime: state?.logoutTime != null ? new Date(state.logoutTime).toISOString() : null,
    };
  }

  /**
   * Makes the driver the device's current driver: out of any other device (which may then wait
   * for its lock), replacing whoever drove this one. With qrUnlockDevice, engineResume goes to the
   * device (now if connected here, queued otherwise).
   */
  async checkIn(driverId: number, deviceId: number, userId: number | null, now = Date.now()): Promise<QrDriverState> {
    if (!(await this.enabled())) throw new ClientError('QR driver check-in is disabled');
    await this.vehicle(driverId, deviceId);
    let unlockDevice = false;
    const changes = await this.retry(async (trx) => {
      const driver = await trx.selectFrom('tc_drivers').selectAll().where('id', '=', driverId).executeTakeFirst();
      if (!driver) throw notFound('Driver');
      const settings = qrSettings(attrs(driver.attributes));
      if (!settings.enabled) throw new ClientError('QR check-in is not enabled for this driver', 403);
      unlockDevice = settings.unlockDevice;
      const target = await trx.selectFrom('tc_devices').select(['id', 'name', 'uniqueId', 'category', 'attributes']).where('id', '=', deviceId).executeTakeFirst();
      if (!target) throw notFound('Device');
      const done: Change[] = [];
      for (const other of await this.heldBy(trx, driverId)) {
        if (other.id === deviceId) continue;
        await this.swap(trx, other, checkedOut(attrs(other.attributes), settings.lockMinutes, now));
        done.push({ deviceId: other.id, driverId, action: 'checkOut', reason: 'moved' });
      }
      const previous = deviceQrState(attrs(target.attributes)).driverId;
      if (previous !== null && previous !== driverId) done.push({ deviceId, driverId: previous, action: 'checkOut', reason: 'replaced' });
      await this.swap(trx, target, checkedIn(attrs(target.attributes), driver, settings, now));
      done.push({ deviceId, driverId, action: 'checkIn' });
      return done;
    });
    await this.announce(changes, userId, now);
    const state = await this.state(driverId);
    if (unlockDevice) state.unlock = await this.command(deviceId, 'engineResume');
    return state;
  }

  /** Takes the driver out of its device; `lock` applies the driver's lock-without-driver setting. */
  async checkOut(driverId: number, reason: CheckoutReason, userId: number | null, now = Date.now()): Promise<void> {
    const changes = await this.retry(async (trx) => {
      const driver = await trx.selectFrom('tc_drivers').select('attributes').where('id', '=', driverId).executeTakeFirst();
      // an administrator disabling QR or deleting the driver does not lock the vehicle
      const lockMinutes = driver && reason !== 'removed' ? qrSettings(attrs(driver.attributes)).lockMinutes : null;
      const done: Change[] = [];
      for (const device of await this.heldBy(trx, driverId)) {
        await this.swap(trx, device, checkedOut(attrs(device.attributes), lockMinutes, now));
        done.push({ deviceId: device.id, driverId, action: 'checkOut', reason });
      }
      return done;
    });
    await this.announce(changes, userId, now);
  }

  /** After a driver was saved: a disabled QR checks out; otherwise the held device follows the new settings. */
  async driverSaved(driverId: number): Promise<void> {
    const driver = await this.db.selectFrom('tc_drivers').selectAll().where('id', '=', driverId).executeTakeFirst();
    if (!driver) return this.checkOut(driverId, 'removed', null);
    const settings = qrSettings(attrs(driver.attributes));
    if (!settings.enabled) return this.checkOut(driverId, 'removed', null);
    const changed = await this.retry(async (trx) => {
      const ids: number[] = [];
      for (const device of await this.heldBy(trx, driverId)) {
        const next = logoutRescheduled(attrs(device.attributes), settings, driver.uniqueId);
        if (JSON.stringify(next) === device.attributes) continue;
        await this.swap(trx, device, next);
        ids.push(device.id);
      }
      return ids;
    });
    if (changed.length) await this.publish(changed);
  }

  /**
   * The periodic work, a function of `now` so tests drive it: due automatic check-outs (the
   * driver's sessions end too) and due locks (engineStop once). Each is claimed by a
   * compare-and-swap, so with several nodes exactly one acts.
   */
  async sweep(now: number): Promise<void> {
    const enabled = await this.enabled();
    const rows = await this.db.selectFrom('tc_devices').select(['id', 'name', 'uniqueId', 'category', 'attributes'])
      .where('attributes', 'like', '%tarkan.qr%').execute();
    const changes: Change[] = [];
    for (const row of rows) {
      const attributes = attrs(row.attributes);
      const state = deviceQrState(attributes);
      if (state.driverId !== null && state.logoutTime !== null && state.logoutTime <= now) {
        const driver = await this.db.selectFrom('tc_drivers').select('attributes').where('id', '=', state.driverId).executeTakeFirst();
        const lockMinutes = driver ? qrSettings(attrs(driver.attributes)).lockMinutes : null;
        if (!(await this.claim(row, checkedOut(attributes, lockMinutes, now)))) continue;
        const account = await findQrAccount(this.db, state.driverId);
        if (account) await endSessions(this.db, account.id, false);
        changes.push({ deviceId: row.id, driverId: state.driverId, action: 'checkOut', reason: 'autoLogout' });
      } else if (state.driverId === null && state.lockTime !== null && state.lockTime <= now) {
        if (!(await this.claim(row, lockClaimed(attributes)))) continue;
        // a lock that falls due while QR drivers are switched off is dropped, not kept for later
        if (!enabled) continue;
        changes.push({ deviceId: row.id, driverId: 0, action: 'lock' });
        await this.command(row.id, 'engineStop');
      }
    }
    await this.announce(changes, null, now);
  }

  private async enabled(): Promise<boolean> {
    return qrDriversEnabled(attrs((await this.settings.get()).attributes));
  }

  /** Devices whose current driver is this one (normally at most one). */
  private async heldBy(db: Db, driverId: number): Promise<DeviceRow[]> {
    const rows = await db.selectFrom('tc_devices').select(['id', 'name', 'uniqueId', 'category', 'attributes'])
      .where('attributes', 'like', `%${QR_DEVICE_STATE.driverId}%`).orderBy('id').execute();
    return rows.filter((row) => deviceQrState(attrs(row.attributes)).driverId === driverId);
  }

  private async swap(db: Db, row: DeviceRow, next: Attributes): Promise<void> {
    if (!(await this.claim(row, next, db))) throw new Conflict();
  }

  private async claim(row: DeviceRow, next: Attributes, db: Db = this.db): Promise<boolean> {
    const result = await db.updateTable('tc_devices').set({ attributes: JSON.stringify(next) })
      .where('id', '=', row.id).where('attributes', '=', row.attributes).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async retry<T>(step: (trx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction().execute(step);
      } catch (error) {
        if (!(error instanceof Conflict) || attempt >= 5) throw error instanceof Conflict ? new ClientError('The vehicle changed meanwhile, try again', 409) : error;
      }
    }
  }

  private async command(deviceId: number, type: 'engineResume' | 'engineStop'): Promise<'sent' | 'queued' | 'failed'> {
    const device = await this.registry.get(deviceId);
    if (!device) return 'failed';
    try {
      const outcome = await this.commands.send(device.id, device.uniqueId, { type, attributes: {} });
      return outcome ? (outcome.sent ? 'sent' : 'queued') : 'failed';
    } catch (error) {
      // a protocol that cannot encode the command: the check-in itself stands
      this.log.warn(`QR driver ${type} for device ${deviceId} failed: ${String(error)}`);
      return 'failed';
    }
  }

  /** Audit entries, then the live update: devices frames for their viewers and fresh caches everywhere. */
  private async announce(changes: Change[], userId: number | null, now: number): Promise<void> {
    if (changes.length === 0) return;
    await this.db.insertInto('tc_logs').values(changes.map((change) => ({
      time: now,
      userId,
      deviceId: change.deviceId,
      action: change.action === 'lock' ? 'QR driver lock (engineStop)' : change.action === 'checkIn' ? 'QR driver check-in' : 'QR driver check-out',
      objectType: 'drivers',
      objectId: change.driverId || null,
      data: JSON.stringify(change.reason ? { reason: change.reason } : {}),
    }))).execute();
    await this.publish([...new Set(changes.map((change) => change.deviceId))]);
  }

  private async publish(deviceIds: number[]): Promise<void> {
    // device contexts (the driverUniqueId of new positions) and cached rows reload on every node
    this.bus.publish({ kind: 'changed', entity: 'device', ids: deviceIds });
    const rows = await this.db.selectFrom('tc_devices').selectAll().where('id', 'in', deviceIds).execute();
    for (const row of rows) {
      const live = await this.registry.get(row.id);
      this.bus.publish({ kind: 'device', device: toDevice({ ...row, status: live?.status ?? row.status, lastUpdate: live?.lastUpdate ?? row.lastUpdate }) });
    }
  }
}
